// A form refused while JavaScript is off: the browser gets the page again, drawn as
// usual, with the refusal said at the top of the form that was sent and every field as the
// visitor left it (never a password or a file). Such a page never runs the app, so it is changed
// as HTML: parse5, the HTML standard's parser, reads and writes it.
// docs/decisions/018-forms-before-the-app.md.
import { parse, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';

/** The hidden field every post form carries inside <noscript>: sent only when scripts are off. */
export const NO_SCRIPT_FIELD = '_nojs';

const UNFILLED_TYPES = new Set(['password', 'file', 'hidden', 'submit', 'button', 'image', 'reset']);

const isElement = (node: T.ChildNode | T.ParentNode): node is T.Element => 'tagName' in node;

function* elements(node: T.ParentNode): Generator<T.Element> {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    yield child;
    yield* elements(child.tagName === 'template' ? (child as T.Template).content : child);
  }
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function setAttr(el: T.Element, name: string, value: string | null): void {
  el.attrs = el.attrs.filter((a) => a.name !== name);
  if (value !== null) el.attrs.push({ name, value });
}

function setText(el: T.Element, text: string): void {
  el.childNodes = [];
  el.childNodes.push({ nodeName: '#text', value: text, parentNode: el } as T.TextNode);
}

/** The form that was sent: the one whose button carried this `intent`, else the page's first post form. */
function sentForm(document: T.Document, intent: string | null): T.Element | undefined {
  const forms = [...elements(document)].filter((el) => el.tagName === 'form' && (attr(el, 'method') ?? '').toLowerCase() === 'post');
  if (intent) {
    const byIntent = forms.find((form) => [...elements(form)].some((el) => attr(el, 'name') === 'intent' && attr(el, 'value') === intent));
    if (byIntent) return byIntent;
  }
  return forms[0];
}

/** `html` with `message` at the top of the sent form and its fields filled from `fields`. */
export function refusedFormPage(html: string, fields: URLSearchParams, message: string): string {
  const document = parse(html);
  const form = sentForm(document, fields.get('intent'));
  if (!form) return html;
  for (const el of elements(form)) {
    const name = attr(el, 'name');
    if (!name) continue;
    if (el.tagName === 'textarea') {
      if (fields.has(name)) setText(el, fields.get(name)!);
    } else if (el.tagName === 'select') {
      const chosen = fields.getAll(name);
      for (const option of elements(el)) if (option.tagName === 'option') setAttr(option, 'selected', chosen.includes(attr(option, 'value') ?? '') ? '' : null);
    } else if (el.tagName === 'input') {
      const type = (attr(el, 'type') ?? 'text').toLowerCase();
      if (type === 'checkbox' || type === 'radio') setAttr(el, 'checked', fields.getAll(name).includes(attr(el, 'value') ?? 'on') ? '' : null);
      else if (!UNFILLED_TYPES.has(type) && fields.has(name)) setAttr(el, 'value', fields.get(name)!);
    }
  }
  const alert = parse(`<p role="alert" class="alert alert-error alert-soft"></p>`).childNodes[0] as T.Element;
  const p = [...elements(alert)].find((el) => el.tagName === 'p')!;
  setText(p, message);
  p.parentNode = form;
  form.childNodes.unshift(p);
  return serialize(document);
}
