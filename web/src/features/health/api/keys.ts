// Query keys of the health feature, generic to specific, so
// `invalidateQueries({ queryKey: healthKeys.all })` reaches every health query.
export const healthKeys = {
  all: ['health'] as const,
  status: () => [...healthKeys.all, 'status'] as const,
};
