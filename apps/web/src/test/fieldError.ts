/**
 * The German error a form shows under a field (MUI's helper text, which the field names as its
 * description), or null while the field is not marked invalid. Works for text fields, selects
 * (the combobox) and any element with `aria-invalid` and `aria-describedby`.
 */
export function fieldError(field: Element): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  return text.trim() || null;
}
