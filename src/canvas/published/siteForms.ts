import { HONEYPOT_FIELD } from './publishTypes.ts';

/** The spec's message after a visitor's form was stored (§8), shown in the form. */
export const FORM_SUCCESS = 'Form submitted successfully!';
const FORM_FAILURE = 'Sorry, your message could not be sent. Please try again.';
const FORM_THROTTLED = 'Too many submissions. Please try again later.';

/** The form's values by field name; several values of one name (checkbox groups) are joined. */
function formValues(form: HTMLFormElement): { data: Record<string, string>; honeypot: string } {
  const data: Record<string, string> = {};
  let honeypot = '';
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    if (name === HONEYPOT_FIELD) {
      honeypot = value;
      continue;
    }
    data[name] = name in data ? `${data[name]}, ${value}` : value;
  }
  return { data, honeypot };
}

function showStatus(form: HTMLFormElement, message: string, isError: boolean): void {
  let status = form.querySelector<HTMLParagraphElement>('.bz-form-status');
  if (!status) {
    status = form.ownerDocument.createElement('p');
    status.className = 'bz-form-status';
    status.setAttribute('role', 'status');
    form.append(status);
  }
  status.textContent = message;
  if (isError) status.setAttribute('data-error', '');
  else status.removeAttribute('data-error');
}

async function submit(form: HTMLFormElement, site: string): Promise<void> {
  const formId = form.dataset.formId ?? '';
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  try {
    const { data, honeypot } = formValues(form);
    const response = await fetch(
      `/api/public/sites/${encodeURIComponent(site)}/forms/${encodeURIComponent(formId)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data, [HONEYPOT_FIELD]: honeypot }),
      },
    );
    if (response.ok) {
      form.reset();
      showStatus(form, FORM_SUCCESS, false);
    } else {
      showStatus(form, response.status === 429 ? FORM_THROTTLED : FORM_FAILURE, true);
    }
  } catch {
    showStatus(form, FORM_FAILURE, true);
  } finally {
    if (button) button.disabled = false;
  }
}

/** Sends every form of the page to the site's public form endpoint as JSON, then resets it. */
export function mountForms(doc: Document): void {
  const site = doc.querySelector<HTMLMetaElement>('meta[name="bz-site"]')?.content ?? '';
  if (!site) return;
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-form-id]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form, site);
    });
  }
}
