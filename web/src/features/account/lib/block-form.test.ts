// The per-block logic of /meine-daten: values read from the profile, the client rules with the
// spec's messages, the merge patch that saves one block only, and a 422 answer sorted onto fields.
import { describe, expect, it } from 'vitest';
import { BLOCKS, type Block } from './blocks';
import { buildPatch, emptyEntry, pathOf, readBlock, validateBlock, violationsForBlock, type Entry } from './block-form';

const block = (id: string) => BLOCKS.find((b) => b.id === id) as Block;

describe('every section of the sedcard has a block', () => {
  it('lists the sixteen sections of the spec', () => {
    expect(BLOCKS.map((b) => b.path)).toEqual([
      null, 'addresses', 'communicationData', 'appearance', 'mobility', 'bankData', 'healthInsurance', 'tax', 'personnelAccounting',
      'jobEmployment', 'workPreference', 'workExperiences', 'promotionExperiences', 'schoolings', 'activitySkills', 'languages', 'socialProfiles',
    ]);
  });
});

describe('readBlock', () => {
  it('reads top-level, nested and list values as the form shows them', () => {
    const profile = { firstName: 'Jana', appearance: { bodyHeight: 172, sizeOfShoe: 38.5, hasTattoo: true }, languages: [{ language: 'de', level: 'native' }] };
    expect(readBlock(block('personal-data'), profile)).toMatchObject({ firstName: 'Jana', lastName: '' });
    expect(readBlock(block('appearance'), profile)).toMatchObject({ bodyHeight: '172', sizeOfShoe: '38,5', hasTattoo: true, hasGlasses: false });
    expect(readBlock(block('languages'), profile)).toEqual([{ language: 'de', level: 'native' }]);
    expect(readBlock(block('addresses'), profile)).toEqual([]);
  });
});

describe('validateBlock', () => {
  it('keys the spec messages by the server property paths', () => {
    const entries: Entry[] = [
      { street: 'Hauptstr. 1', zipcode: '1234', city: 'Köln', country: 'de' },
      { street: '', zipcode: '1010', city: 'Wien', country: 'at' },
    ];
    expect(validateBlock(block('addresses'), entries)).toEqual({
      'addresses[0].zipcode': 'Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten',
      'addresses[1].street': 'Dieses Feld darf nicht leer sein',
    });
    expect(validateBlock(block('personal-data'), { firstName: ' ', lastName: 'M', birthDate: '2000-01-01' })).toEqual({
      firstName: 'Dieses Feld darf nicht leer sein',
    });
  });
  it('checks numbers, IBAN, days of short-term employment and URLs', () => {
    expect(validateBlock(block('appearance'), { bodyHeight: '1,80' })).toEqual({ 'appearance.bodyHeight': 'Dieses Feld muss eine ganze Zahl sein' });
    expect(validateBlock(block('appearance'), { bodyHeight: '40' })).toEqual({ 'appearance.bodyHeight': 'Dieses Feld muss mindestens 50 sein' });
    expect(validateBlock(block('bank-data'), { iban: 'DE00 1234' })).toEqual({ 'bankData.iban': 'Dieses Feld muss eine gültige IBAN sein' });
    expect(validateBlock(block('personnel-accounting'), { shortTermEmploymentWorkingDaysCurrentYear: '366' })).toEqual({
      'personnelAccounting.shortTermEmploymentWorkingDaysCurrentYear': 'Dieses Feld darf höchstens 365 sein',
    });
    expect(validateBlock(block('social-profiles'), [{ type: 'instagram', value: 'kein link' }])).toEqual({
      'socialProfiles[0].value': 'Dieses Feld muss eine gültige URL sein',
    });
  });
  it('checks a contact by its type', () => {
    const b = block('communication-data');
    expect(validateBlock(b, [{ type: 'mobile', value: '0171 1234567' }, { type: 'email', value: 'jana@beispiel.de' }])).toEqual({});
    expect(validateBlock(b, [{ type: 'mobile', value: 'abc' }, { type: 'email', value: 'jana@' }])).toEqual({
      'communicationData[0].value': 'Dieses Feld muss eine gültige Telefonnummer sein',
      'communicationData[1].value': 'Dieses Feld muss eine gültige E-Mail Adresse sein',
    });
  });
  it('checks the VAT id against the country of the first address', () => {
    const b = block('tax');
    expect(validateBlock(b, { salesTaxIdentificationNumber: 'ATU12345678' }, { _addressCountry: 'at' })).toEqual({});
    expect(validateBlock(b, { salesTaxIdentificationNumber: 'ATU12345678' }, { _addressCountry: 'de' })).toEqual({
      'tax.salesTaxIdentificationNumber': 'Dieses Feld muss eine gültige USt-IdNr sein',
    });
  });
});

describe('buildPatch', () => {
  it('saves only its own block', () => {
    expect(buildPatch(block('personal-data'), {
      firstName: 'Jana', lastName: 'Muster', gender: '', birthDate: '2000-02-01', nationality: 'de', skinType: 'hell', hasActivitySkills: true, profileSummary: '',
    })).toEqual({
      firstName: 'Jana', lastName: 'Muster', gender: null, birthDate: '2000-02-01', nationality: 'de', skinType: 'hell', hasActivitySkills: true, profileSummary: null,
    });
    const appearance = buildPatch(block('appearance'), { ...(readBlock(block('appearance'), {}) as Entry), bodyHeight: '172', sizeOfShoe: '38,5', hasTattoo: true });
    expect(Object.keys(appearance)).toEqual(['appearance']);
    expect(appearance.appearance).toMatchObject({ bodyHeight: 172, sizeOfShoe: 38.5, hasTattoo: true, hasGlasses: false, eyeColor: null });
  });
  it('sends a list whole, leaving out empty members', () => {
    expect(buildPatch(block('languages'), [{ language: 'de', level: 'native' }, { language: 'en', level: 'advanced' }]))
      .toEqual({ languages: [{ language: 'de', level: 'native' }, { language: 'en', level: 'advanced' }] });
    expect(buildPatch(block('addresses'), [emptyEntry(block('addresses'))])).toEqual({ addresses: [{ country: 'de' }] });
    expect(buildPatch(block('mobility'), { ownCar: false, carType: '', drivingLicenses: ['B', 'BE'] }))
      .toEqual({ mobility: { ownCar: false, carType: null, drivingLicenses: ['B', 'BE'] } });
  });
});

describe('violationsForBlock', () => {
  it('puts the block own violations on its fields and the rest aside', () => {
    const violations = [
      { propertyPath: 'addresses[0].zipcode', message: 'Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten' },
      { propertyPath: 'firstName', message: 'Dieses Feld darf nicht leer sein' },
    ];
    expect(violationsForBlock(block('addresses'), violations)).toEqual({
      fieldErrors: { 'addresses[0].zipcode': violations[0]!.message },
      other: ['Dieses Feld darf nicht leer sein'],
    });
    expect(violationsForBlock(block('personal-data'), violations)).toEqual({
      fieldErrors: { firstName: 'Dieses Feld darf nicht leer sein' },
      other: [violations[0]!.message],
    });
  });
  it('builds the same paths as the server', () => {
    expect(pathOf(block('appearance'), 'bodyHeight')).toBe('appearance.bodyHeight');
    expect(pathOf(block('languages'), 'level', 2)).toBe('languages[2].level');
    expect(pathOf(block('personal-data'), 'gender')).toBe('gender');
  });
});
