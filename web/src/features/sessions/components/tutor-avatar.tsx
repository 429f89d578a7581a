/** Up to two initials of a name: "Maria Tutor" → "MT". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('') || '?';
}

// A few calm background colours; a name always gets the same one. Not `neutral`: in the dark
// theme it is nearly the page's own colour, and the avatar vanished.
const palettes = ['bg-primary text-primary-content', 'bg-secondary text-secondary-content', 'bg-accent text-accent-content', 'bg-info text-info-content'];

function paletteOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return palettes[hash % palettes.length]!;
}

/** A placeholder avatar derived from the tutor's name (their initials). */
export function TutorAvatar({ name }: { name: string }) {
  return (
    <div className="avatar avatar-placeholder" aria-hidden="true">
      <div className={`w-20 rounded-full ${paletteOf(name)}`}>
        <span className="text-2xl font-semibold">{initialsOf(name)}</span>
      </div>
    </div>
  );
}
