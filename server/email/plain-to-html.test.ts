import { describe, expect, it } from 'vitest';
import { plainToHtml } from './plain-to-html.ts';

describe('plainToHtml', () => {
  it('escapes the text, keeps paragraphs and lines, and makes links clickable', () => {
    const html = plainToHtml('Hello <Sam> & co,\n\nOpen this:\nhttps://studynest.example/reset?token=a&b=1\n');
    expect(html).toContain('<p>Hello &lt;Sam&gt; &amp; co,</p>');
    expect(html).toContain('<p>Open this:<br>\n<a href="https://studynest.example/reset?token=a&amp;b=1">https://studynest.example/reset?token=a&amp;b=1</a></p>');
    expect(html).not.toMatch(/<Sam>/);
    // Read at a phone's width, not laid out 980 px wide and shrunk.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });
});

describe('plainToHtml and line ends', () => {
  it('breaks lines at CRLF (a form) and a lone CR as at LF, and leaves no CR in the HTML', () => {
    const html = plainToHtml('One\r\nTwo\rThree\n\r\nFour');
    expect(html).toContain('<p>One<br>\nTwo<br>\nThree</p>\n<p>Four</p>');
    expect(html).not.toContain('\r');
  });
});
