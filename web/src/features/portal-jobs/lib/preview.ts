// The job as the public job page will show it, drawn from the editor's current values and the
// organization's profile (name, logo, company), for the live preview. The field names are the
// public job detail's, so the page's own component draws it.
import type { MemberOrganization } from '@/shared/portal/member';
import type { JobPosting } from '@/shared/portal/job-postings';
import { germanNumber } from '@/shared/portal/format';
import { commaList, orNull, TEXT_FIELDS, type JobForm } from './job-form';

type Entry = { code: string; name: string };

/** The free texts, salary and end date as the provider's job has them; the rest as the public page names them. */
type Shared = Pick<JobPosting, (typeof TEXT_FIELDS)[number] | 'baseSalary' | 'salaryUnit' | 'salaryCurrency' | 'validThrough' | 'baseSalaryMax' | 'wageExemption'>;

export type JobPreview = Shared & {
  id: number;
  /** Empty for a job not saved yet (the page leaves the row out). */
  jobId: string;
  slug: string;
  title: string;
  description?: string;
  logo?: string;
  organization: { id: number; name: string; slug?: string } | null;
  activities: { id: number; slug: string; name: string }[];
  employmentTypes: { id: number; slug: string; name: string }[];
  industries: { id: number; slug: string; name: string }[];
  brands: string[];
  tags: string[];
  locations: { street?: string; zipcode?: string; city?: string }[];
  contact: { name?: string; email?: string; phone?: string } | null;
  company: Record<string, string | undefined> | null;
};

const named = (codes: string[], entries: Entry[]) =>
  codes.map((code, i) => ({ id: i + 1, slug: code, name: entries.find((e) => e.code === code)?.name ?? code }));
const orUndefined = (v: string | null | undefined) => (v && v.trim() ? v.trim() : undefined);

type Lists = { activities: Entry[]; employmentTypes: Entry[]; industries: Entry[] };

export function previewOf(form: JobForm, lists: Lists, organization: MemberOrganization, id?: number): JobPreview {
  const salary = form.baseSalary.trim() ? germanNumber(form.baseSalary.trim()) : NaN;
  const salaryMax = form.baseSalaryMax.trim() ? germanNumber(form.baseSalaryMax.trim()) : NaN;
  const company = organization.company;
  const contact = { name: orUndefined(form.contactName), email: orUndefined(form.contactEmail), phone: orUndefined(form.contactPhone) };
  const orgContact = organization.contact;
  return {
    id: id ?? 0,
    jobId: id ? String(id) : '',
    slug: '',
    title: form.title.trim() || 'Ihr Jobtitel',
    description: orUndefined(form.description),
    logo: organization.logo ?? undefined,
    organization: { id: organization.id, name: organization.name },
    activities: named(form.activities, lists.activities),
    employmentTypes: named(form.employmentTypes, lists.employmentTypes),
    industries: named(form.industries, lists.industries),
    brands: commaList(form.brands),
    tags: commaList(form.tags),
    locations: form.locations
      .filter((l) => l.text.trim() || l.street.trim() || l.zipcode.trim())
      .map((l) => ({ street: orUndefined(l.street), zipcode: orUndefined(l.zipcode), city: orUndefined(l.place?.name ?? l.text) })),
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, orNull(form[f])])) as Pick<JobPosting, (typeof TEXT_FIELDS)[number]>),
    baseSalary: Number.isFinite(salary) ? salary : null,
    salaryUnit: orNull(form.salaryUnit),
    salaryCurrency: form.salaryCurrency || 'EUR',
    baseSalaryMax: Number.isFinite(salaryMax) ? salaryMax : null,
    wageExemption: form.wageExemption === 'freelance' || form.wageExemption === 'minor' || form.wageExemption === 'mandatory_internship' ? form.wageExemption : null,
    validThrough: form.validThrough ? `${form.validThrough}T12:00:00Z` : null,
    // Without its own contact the job shows the organization's (as the server does).
    contact: contact.name || contact.email || contact.phone ? contact : orgContact ? { name: orUndefined(orgContact.name), email: orUndefined(orgContact.email), phone: orUndefined(orgContact.phone) } : null,
    company: company
      ? {
          name: orUndefined(company.name) ?? organization.name,
          legalForm: orUndefined(company.legalForm),
          street: orUndefined(company.street),
          zipcode: orUndefined(company.zipcode),
          city: orUndefined(company.city),
          website: orUndefined(organization.website),
          registerCourt: orUndefined(company.registerCourt),
          registerNumber: orUndefined(company.registerNumber),
          vatId: orUndefined(company.vatId),
        }
      : null,
  };
}
