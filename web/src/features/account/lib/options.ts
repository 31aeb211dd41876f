// The sedcard's enumerations live in shared/lib/sedcard-options.ts (the provider portal shows an
// applicant's sedcard with the same labels); the account forms import them from here.
export * from '@/shared/lib/sedcard-options';
