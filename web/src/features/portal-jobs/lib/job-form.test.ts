// The job editor's values as the provider gets them: what they type turns into the body the server
// takes (docs/providers.md, "The job fields"): German numbers, comma lists, places by id or by name,
// empty rows and blank texts left out or cleared; a stored job read into the form and saved again
// is sent as it was; the checks before sending answer in German ("Sie" where a person is asked);
// the server's location errors land on the row the provider typed them in.
import { describe, expect, it } from 'vitest';
import { job } from '@/testing/fake-provider-api';
import { checkJobForm, emptyJobForm, emptyLocation, formErrors, formToBody, hourlyEquivalent, jobToForm, MAX_TEXT_CHARS, type JobForm } from './job-form';

const berlin = { label: 'Berlin', lat: 52.52, lon: 13.41, id: 2950159, name: 'Berlin' };

function filled(): JobForm {
  return {
    ...emptyJobForm(),
    title: '  Promoter (m/w/d)  ',
    description: 'Drei Tage am Stand.',
    activities: ['promotion'],
    brands: 'Hafenbräu,  Elbkaffee , ',
    tags: '',
    locations: [
      { ...emptyLocation(), text: 'Berlin', place: berlin, street: 'Alexanderplatz 1', zipcode: '10178' },
      emptyLocation(),
      { ...emptyLocation(), text: 'Hamburg ', country: 'de' },
    ],
    workingTime: '  ',
    benefits: 'Gute Bezahlung',
    baseSalary: '1.000,50',
    salaryUnit: 'month',
    contactEmail: 'jobs@hafen-events.de',
    validThrough: '2027-01-31',
  };
}

describe('the job form', () => {
  it('turns what the provider typed into the body POST and PATCH take', () => {
    expect(formToBody(filled())).toEqual({
      title: 'Promoter (m/w/d)',
      description: 'Drei Tage am Stand.',
      activities: ['promotion'],
      employmentTypes: [],
      industries: [],
      brands: ['Hafenbräu', 'Elbkaffee'],
      tags: [],
      // The chosen place by its id; a name typed without choosing by name; the empty row not at all.
      locations: [
        { placeId: 2950159, street: 'Alexanderplatz 1', zipcode: '10178' },
        { city: 'Hamburg', country: 'de', street: null, zipcode: null },
      ],
      locationDescription: null,
      periodDescription: null,
      workingTime: null,
      salaryDescription: null,
      overnightStayAllowance: null,
      travelExpenses: null,
      specialPayments: null,
      requirement: null,
      benefits: 'Gute Bezahlung',
      baseSalary: 1000.5,
      salaryUnit: 'month',
      salaryCurrency: 'EUR',
      baseSalaryMax: null,
      wageExemption: null,
      contact: { name: null, email: 'jobs@hafen-events.de', phone: null },
      validThrough: '2027-01-31',
    });
  });

  it('sends a place by name once the provider typed over the chosen one', () => {
    const form = { ...filled(), locations: [{ ...emptyLocation(), text: 'Potsdam', place: berlin }] };
    expect(formToBody(form).locations).toEqual([{ city: 'Potsdam', country: 'de', street: null, zipcode: null }]);
  });

  it('clears the salary with its unit, and takes "14.5" as well as "14,50"', () => {
    expect(formToBody({ ...filled(), baseSalary: '', salaryUnit: '' })).toMatchObject({ baseSalary: null, salaryUnit: null });
    expect(formToBody({ ...filled(), baseSalary: '14.5', salaryUnit: 'hour' })).toMatchObject({ baseSalary: 14.5, salaryUnit: 'hour' });
    expect(formToBody({ ...filled(), baseSalary: '14,50', salaryCurrency: 'CHF' })).toMatchObject({ baseSalary: 14.5, salaryCurrency: 'CHF' });
  });

  it('saves a stored job unchanged when the provider changed nothing', () => {
    const stored = job(5, {
      title: 'Messehostess (m/w/d)',
      description: 'Zwei Tage Messe.',
      activities: [{ id: 1, slug: 'promotion', name: 'Promotion' }],
      brands: ['Hafenbräu'],
      locations: [{ street: null, zipcode: '20095', city: 'Hamburg', country: 'de', lat: 53.55, lon: 9.99, placeId: 2911298 }],
      baseSalary: 14.5,
      salaryUnit: 'hour',
      contact: { name: 'Frau Meyer', email: null, phone: '040 123456' },
      validThrough: '2027-01-31T22:59:59Z',
    });
    const form = jobToForm(stored);
    expect(form.baseSalary).toBe('14,5');
    expect(form.validThrough).toBe('2027-01-31');
    expect(formToBody(form)).toMatchObject({
      title: 'Messehostess (m/w/d)',
      description: 'Zwei Tage Messe.',
      activities: ['promotion'],
      brands: ['Hafenbräu'],
      locations: [{ placeId: 2911298, street: null, zipcode: '20095' }],
      baseSalary: 14.5,
      salaryUnit: 'hour',
      contact: { name: 'Frau Meyer', email: null, phone: '040 123456' },
      validThrough: '2027-01-31',
    });
  });

  it('reads every field of a stored job into the form and sends each back as it was', () => {
    // The fields a job answers in the shape the body takes them.
    const same = {
      title: 'Barista (m/w/d)',
      description: 'Kaffee auf der Messe.\n\n- Frühschicht',
      brands: ['Elbkaffee', 'Hafenbräu'],
      tags: ['Wochenende'],
      locationDescription: 'Halle 2',
      periodDescription: 'Drei Tage im Juli',
      workingTime: '8 bis 16 Uhr',
      salaryDescription: 'Plus Trinkgeld',
      overnightStayAllowance: '50 CHF pro Nacht',
      travelExpenses: 'Bahnticket',
      specialPayments: 'Bonus am Ende',
      requirement: 'Freundlichkeit',
      benefits: 'Ein gutes Team',
      baseSalary: 28,
      salaryUnit: 'hour',
      salaryCurrency: 'CHF',
      baseSalaryMax: 32.5,
      wageExemption: 'minor',
      contact: { name: 'Herr Keller', email: 'keller@hafen-events.de', phone: '+41 61 123 45 67' },
    } as const;
    const stored = job(6, {
      ...same,
      brands: [...same.brands],
      tags: [...same.tags],
      state: 'paused',
      activities: [{ id: 1, slug: 'promotion', name: 'Promotion' }, { id: 2, slug: 'gastronomie', name: 'Gastronomie' }],
      employmentTypes: [{ id: 3, slug: 'minijob', name: 'Minijob' }],
      industries: [{ id: 4, slug: 'messe', name: 'Messe' }],
      locations: [
        { id: 11, street: 'Messeplatz 1', zipcode: '4058', city: 'Basel', country: 'ch', lat: 47.56, lon: 7.6, placeId: 2661604 },
        // Stored without a place (an older job): sent back by its name and country.
        { id: 12, street: null, zipcode: null, city: 'Salzburg', country: 'at', lat: null, lon: null, placeId: null },
      ],
      // The end of 31 July in Berlin (summer time: UTC+2) is still the 31st in the form.
      validThrough: '2027-07-31T21:59:59Z',
    });
    // toEqual: every field of the body, nothing more (no read-only member such as state or id).
    expect(formToBody(jobToForm(stored))).toEqual({
      ...same,
      activities: ['promotion', 'gastronomie'],
      employmentTypes: ['minijob'],
      industries: ['messe'],
      locations: [
        { placeId: 2661604, street: 'Messeplatz 1', zipcode: '4058' },
        { city: 'Salzburg', country: 'at', street: null, zipcode: null },
      ],
      validThrough: '2027-07-31',
    });
  });

  it('opens a job without locations or contact with one empty place row and sends neither back', () => {
    const form = jobToForm(job(7, { locations: [], contact: null, salaryCurrency: null }));
    expect(form.locations).toHaveLength(1);
    expect(form.salaryCurrency).toBe('EUR');
    expect(formToBody(form)).toMatchObject({ locations: [], contact: { name: null, email: null, phone: null }, salaryCurrency: 'EUR' });
  });

  it('passes a complete form without a message', () => {
    expect(checkJobForm(filled())).toEqual({});
  });

  it('tells the provider in German what to mend before anything is sent', () => {
    const errors = checkJobForm({
      ...filled(),
      title: ' ',
      baseSalary: '14 Euro',
      contactEmail: 'jobs@',
      contactPhone: 'abends',
    });
    expect(errors).toEqual({
      title: 'Dieses Feld darf nicht leer sein',
      baseSalary: 'Dieses Feld muss eine Zahl sein',
      'contact.email': 'Dieses Feld muss eine gültige E-Mail Adresse sein',
      'contact.phone': 'Dieses Feld muss eine gültige Telefonnummer sein',
    });
  });

  it('asks the provider ("Sie") what a salary is for, and bounds the title', () => {
    expect(checkJobForm({ ...filled(), salaryUnit: '' })).toEqual({ salaryUnit: 'Bitte wählen Sie aus, wofür die Vergütung gilt.' });
    expect(checkJobForm({ ...filled(), title: 'x'.repeat(201) })).toEqual({ title: 'Diese Eingabe ist zu lang. Erlaubt sind höchstens 200 Zeichen.' });
    // What is sent counts: spaces around the title are trimmed away, so they do not make it too long.
    expect(checkJobForm({ ...filled(), title: ` ${'x'.repeat(200)} ` })).toEqual({});
  });

  it('bounds each free text as the server does, in the words the server would use', () => {
    const long = 'ä'.repeat(MAX_TEXT_CHARS + 1);
    expect(checkJobForm({ ...filled(), requirement: long, benefits: 'ä'.repeat(MAX_TEXT_CHARS) })).toEqual({
      requirement: 'Diese Eingabe ist zu lang. Erlaubt sind höchstens 5000 Zeichen.',
    });
    // Characters, not UTF-16 units: 5000 emoji are 10,000 units and still allowed.
    expect(checkJobForm({ ...filled(), workingTime: '🚢'.repeat(MAX_TEXT_CHARS) })).toEqual({});
  });

  it("puts the server's location errors on the row the provider typed them in", () => {
    // Row 2 of the form is empty and not sent: the server's locations[1] is the form's third row.
    const server = { 'locations[1].city': 'Diesen Ort kennen wir nicht. Bitte wählen Sie einen Ort aus der Vorschlagsliste.', description: 'Dieses Feld darf nicht leer sein' };
    expect(formErrors(filled(), server)).toEqual({
      'locations[2].city': 'Diesen Ort kennen wir nicht. Bitte wählen Sie einen Ort aus der Vorschlagsliste.',
      description: 'Dieses Feld darf nicht leer sein',
    });
  });

  it('says a pay per shift or day in hours as it is typed, and checks the range', () => {
    expect(hourlyEquivalent({ baseSalary: '80', salaryUnit: 'day', salaryCurrency: 'EUR' })).toBe(
      'entspricht 10,00 €/h bei 8 Stunden (bei Einsätzen: deren Länge ohne Pause)',
    );
    expect(hourlyEquivalent({ baseSalary: '111,19', salaryUnit: 'day', salaryCurrency: 'EUR' })).toMatch(/^entspricht 13,89 €\/h/);
    expect(hourlyEquivalent({ baseSalary: '14', salaryUnit: 'hour', salaryCurrency: 'EUR' })).toBeNull();
    expect(hourlyEquivalent({ baseSalary: 'viel', salaryUnit: 'day', salaryCurrency: 'EUR' })).toBeNull();
    expect(checkJobForm({ ...filled(), baseSalary: '16', baseSalaryMax: '15' })).toEqual({
      baseSalaryMax: 'Das Ende der Spanne darf nicht unter ihrem Anfang liegen.',
    });
  });
});
