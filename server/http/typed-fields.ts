// A refused form's page (its route's action answered the page again, saying why: the app draws
// the refusal from the action's data, web/src/components/form-messages.tsx) with every field as
// the visitor sent it, never a password or a file. The fields are uncontrolled, drawn with their
// defaults, so they are filled in the HTML: parse5, the HTML standard's parser, reads and writes
// it, and the app, hydrating, keeps what the fields hold. Only the app's markup (what is drawn
// inside #root) is parsed and written again: the page around it stays as index.html has it.
// docs/decisions/018-forms-before-the-app.md, 041-pages-loaders-actions.md.
import { parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';

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
function sentForm(document: T.DocumentFragment, intent: string | null): T.Element | undefined {
  const forms = [...elements(document)].filter((el) => el.tagName === 'form' && (attr(el, 'method') ?? '').toLowerCase() === 'post');
  if (intent) {
    const byIntent = forms.find((form) => [...elements(form)].some((el) => attr(el, 'name') === 'intent' && attr(el, 'value') === intent));
    if (byIntent) return byIntent;
  }
  return forms[0];
}

/** `html` (the app's markup, drawn inside #root) with the fields of the form that was sent filled from `fields`. */
export function keepTypedFields(html: string, fields: URLSearchParams): string {
  const document = parseFragment(html);
  return fillSentForm(document, fields) ? serialize(document) : html;
}

/** The form that was sent, its fields filled from `fields`; undefined when the page has none. */
function fillSentForm(document: T.DocumentFragment, fields: URLSearchParams): T.Element | undefined {
  const form = sentForm(document, fields.get('intent'));
  if (!form) return undefined;
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
  return form;
}
