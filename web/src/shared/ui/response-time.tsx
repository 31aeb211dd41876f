// How quickly an organization answers applications (GET /organizations/{id} and the job detail's
// `responseTime`), in the words a candidate reads on the organization page and the job detail:
// "antwortet meist innerhalb von 2 Tagen". The server sends it only from five applications on.
export type ResponseTime = { medianHours: number; applications: number };

/** Hours up to a day, days up to two weeks, then weeks; always rounded up ("innerhalb von"). */
export function responseTimeText(medianHours: number): string {
  const hours = Math.max(1, Math.ceil(medianHours));
  if (hours <= 1) return 'antwortet meist innerhalb einer Stunde';
  if (hours < 24) return `antwortet meist innerhalb von ${hours} Stunden`;
  const days = Math.ceil(hours / 24);
  if (days === 1) return 'antwortet meist innerhalb eines Tages';
  if (days < 14) return `antwortet meist innerhalb von ${days} Tagen`;
  return `antwortet meist innerhalb von ${Math.ceil(days / 7)} Wochen`;
}

type Props = {
  value?: ResponseTime | null;
  /** Who answers, put in front ("Firma GmbH antwortet …"); without it the sentence starts with a capital. */
  subject?: string;
  className?: string;
};

export function ResponseTimeNote({ value, subject, className }: Props) {
  if (!value || !(value.medianHours >= 0) || !(value.applications >= 5)) return null;
  const text = responseTimeText(value.medianHours);
  const sentence = subject ? `${subject} ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
  return (
    <p className={className} data-testid="response-time" title={`Mittlerer Wert aus ${value.applications} Bewerbungen der letzten 90 Tage`}>
      {sentence}.
    </p>
  );
}
