import { useState } from 'react';
import defaultAvatarUrl from '#web/assets/default-avatar.svg';

type AvatarProps = {
  src: string | null | undefined;
  /** Empty when a text next to the picture already names the person. */
  alt: string;
  className?: string;
};

/** A round user photo that falls back to the default picture when missing or broken. */
export function Avatar({ src, alt, className = 'w-10' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultAvatarUrl;
  return (
    <div className="avatar">
      <div className={`${className} rounded-full bg-base-200`}>
        {/* Square; the box sets the shown size. Declared so the page does not shift on load. */}
        <img
          src={usable}
          alt={alt}
          width={112}
          height={112}
          onError={() => src && setFailedSrc(src)}
        />
      </div>
    </div>
  );
}
