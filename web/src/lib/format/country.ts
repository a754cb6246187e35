/** Country names of dictionary codes in the interface language (Intl.DisplayNames). */
export function countryNamer(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Select options `{value: code, label: name}` sorted by name. */
export function countryOptions(codes: readonly string[], language: string): { value: string; label: string }[] {
  const name = countryNamer(language);
  return codes.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label, language));
}
