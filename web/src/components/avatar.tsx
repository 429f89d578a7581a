import { useState } from 'react';
import defaultAvatarUrl from '#web/assets/default-avatar.svg';

type AvatarProps = {
  src: string | null | undefined;
  /** Empty when a text next to the picture already names the person. */
  alt: string;
  className?: string;
};

/**
 * A round user photo that falls back to the default picture when missing or broken. Spans, not
 * daisyUI's divs: it is drawn inside buttons (the account menu's), where only phrasing content may
 * go; the inner span is given what daisyUI gives `.avatar > div`.
 */
export function Avatar({ src, alt, className = 'w-10' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultAvatarUrl;
  return (
    <span className="avatar">
      <span className={`${className} block aspect-square overflow-hidden rounded-full bg-base-200`}>
        {/* Square; the box sets the shown size. Declared so the page does not shift on load. */}
        <img
          src={usable}
          alt={alt}
          width={112}
          height={112}
          onError={() => src && setFailedSrc(src)}
        />
      </span>
    </span>
  );
}
