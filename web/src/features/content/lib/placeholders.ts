// Content text may carry placeholders for the activity or city of a landing page
// ({name}, {description}, {content}, {slug}); the section title gets the name in upper case.
export type PlaceholderValues = Partial<Record<'name' | 'description' | 'content' | 'slug', string>>;

export function fillPlaceholders(text: string, values: PlaceholderValues, upper = false): string {
  return text.replace(/\{\{?\s*(name|description|content|slug)\s*\}?\}/g, (token, key: keyof PlaceholderValues) => {
    const value = values[key];
    if (value === undefined) return token;
    return upper && key === 'name' ? value.toUpperCase() : value;
  });
}
