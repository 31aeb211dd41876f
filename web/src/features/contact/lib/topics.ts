// The topics a contact or offer request may name: the same codes the server accepts
// (actors/contact/contact_actor.cpp, `topics`), with the labels the form shows. An offer request to
// one organization (from a job page) offers only the first three; a company writing to Jobhafen
// may also ask about our products.
export type Topic = { code: string; label: string };

export const ORGANIZATION_TOPICS: Topic[] = [
  { code: 'offer_request', label: 'Angebot für Personal' },
  { code: 'project_request', label: 'Projektanfrage' },
  { code: 'general_request', label: 'Allgemeine Anfrage' },
];

export const JOBHAFEN_TOPICS: Topic[] = [
  ...ORGANIZATION_TOPICS,
  { code: 'job_postings', label: 'Stellenanzeigen und Kontingente' },
  { code: 'applicant_database', label: 'Bewerberdatenbank' },
  { code: 'multiposting', label: 'Multiposting' },
  { code: 'special_advertising', label: 'Sonderwerbeformen' },
];

/** Topics that ask for an offer: the form asks for activities, staff needed and the project. */
export const OFFER_TOPICS = new Set(['project_request', 'offer_request']);

/** The topic to preselect: the one the address names when the list has it, else the list's first. */
export function initialTopic(topics: Topic[], fromAddress: string): string {
  return topics.some((t) => t.code === fromAddress) ? fromAddress : (topics[0]?.code ?? fromAddress);
}
