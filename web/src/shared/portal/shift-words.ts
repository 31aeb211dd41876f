// The portal's words for a candidate's choice of a shift ("Sie"), shared by the job's shift page
// and the applicant page: the state of a choice, and what the neutral working-time flag means
// (docs/fair-play.md: the rule's kind, never the other employer).
import type { ShiftApplicationStatus } from '@/shared/api/shifts';

export const CHOICE_STATUS: Record<ShiftApplicationStatus, string> = {
  pending: 'offen',
  confirmed: 'bestätigt',
  declined: 'abgelehnt',
  withdrawn: 'zurückgezogen',
};

export const WORKING_TIME_HINT: Record<string, string> = {
  Ruhezeit: 'Zusammen mit ihren übrigen bestätigten Einsätzen hätte diese Person keine 11 Stunden Ruhezeit (§ 5 ArbZG).',
  Arbeitszeit: 'Zusammen mit ihren übrigen bestätigten Einsätzen überschritte diese Person die Höchstarbeitszeit (§ 3 ArbZG).',
  Jugendarbeitsschutz: 'Die Person ist unter 18; dieser Einsatz verstieße gegen das Jugendarbeitsschutzgesetz und kann nicht bestätigt werden.',
};
