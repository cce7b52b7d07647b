/** After a refused submit, the first field with an error takes the focus (it says why). */
export function focusFirstInvalid(form: ParentNode) {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
