import { describe, expect, it } from 'vitest';
import { fieldOf, relevantDataPatch } from './update-and-apply-form';

describe('update-and-apply form', () => {
  it('patches exactly the data relevant for applying', () => {
    const patch = relevantDataPatch({
      firstName: 'Jana', lastName: 'Müller', gender: 'female', hasActivitySkills: true, street: 'Hafenstraße 1', zipcode: '20457',
      city: 'Hamburg', country: 'de', phone: '0151 1234567', language: 'de', level: 'native', jobEmploymentStatus: 'student',
    });
    expect(patch).toEqual({
      firstName: 'Jana',
      lastName: 'Müller',
      gender: 'female',
      hasActivitySkills: true,
      addresses: [{ street: 'Hafenstraße 1', zipcode: '20457', city: 'Hamburg', country: 'de' }],
      communicationData: [{ type: 'mobile', value: '0151 1234567' }],
      languages: [{ language: 'de', level: 'native' }],
      jobEmployment: { jobEmploymentStatus: 'student' },
    });
  });

  it('puts the server violations on the form fields', () => {
    expect(fieldOf('addresses[0].zipcode')).toBe('zipcode');
    expect(fieldOf('communicationData[0].value')).toBe('phone');
    expect(fieldOf('languages[0].level')).toBe('level');
    expect(fieldOf('languages')).toBe('language');
    expect(fieldOf('jobEmployment.jobEmploymentStatus')).toBe('jobEmploymentStatus');
    expect(fieldOf('gender')).toBe('gender');
  });
});
