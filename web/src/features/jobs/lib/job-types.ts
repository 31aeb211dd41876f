// The job types with their own landing page (spec: /eventjobs, /ferienjobs, ...).
// Paths are the contract and spell umlauts out (schuelerjobs); labels use them.
export type JobType = {
  path: string;
  label: string;
  /** One sentence for the landing page's intro, in the "du" we use with candidates. */
  intro: string;
};

export const JOB_TYPES: readonly JobType[] = [
  {
    path: '/promotionjobs',
    label: 'Promotionjobs',
    intro: 'Als Promoter stellst du Produkte vor – im Supermarkt, im Einkaufszentrum oder auf der Straße.',
  },
  {
    path: '/messejobs',
    label: 'Messejobs',
    intro: 'Auf Messen betreust du Stände, empfängst Besucher und gibst Auskunft über Aussteller und Produkte.',
  },
  {
    path: '/eventjobs',
    label: 'Eventjobs',
    intro: 'Bei Konzerten, Festivals und Firmenfeiern arbeitest du am Einlass, an der Garderobe oder im Service.',
  },
  {
    path: '/gastrojobs',
    label: 'Gastrojobs',
    intro: 'In Restaurants, Cafés, Bars und im Catering servierst du, stehst hinter der Theke oder hilfst in der Küche.',
  },
  {
    path: '/studentenjobs',
    label: 'Studentenjobs',
    intro: 'Jobs, die zu Vorlesungen und Prüfungen passen – stundenweise, am Wochenende oder in den Semesterferien.',
  },
  {
    path: '/rentnerjobs',
    label: 'Rentnerjobs',
    intro: 'Flexible Jobs für alle, die im Ruhestand etwas dazuverdienen und unter Leute kommen möchten.',
  },
  {
    path: '/schuelerjobs',
    label: 'Schülerjobs',
    intro: 'Jobs für Schülerinnen und Schüler – nach dem Unterricht, am Wochenende oder in den Ferien.',
  },
  {
    path: '/ferienjobs',
    label: 'Ferienjobs',
    intro: 'Jobs für die Schul- und Semesterferien – ein paar Wochen arbeiten und dazuverdienen.',
  },
  {
    path: '/nebenjobs',
    label: 'Nebenjobs',
    intro: 'Jobs neben Schule, Studium oder Beruf – als Minijob, stundenweise oder am Wochenende.',
  },
];
