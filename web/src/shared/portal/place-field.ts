// The place field of the portal's forms (job editor, candidate search): the feature draws the form,
// app/ hands in the jobs feature's autocomplete as `renderPlace` with these props.
/** A place chosen in the place field (structurally the search's chosen place). */
export type PlaceChoice = { label: string; lat: number; lon: number; id?: number; name?: string };

export type PlaceFieldProps = {
  label: string;
  value: PlaceChoice | null;
  text: string;
  onTextChange: (text: string) => void;
  onChange: (place: PlaceChoice | null) => void;
  error?: string;
};
