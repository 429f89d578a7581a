import { useEffect, useState } from 'react';
import chemistryUrl from '#web/assets/slide-chemistry.webp';
import mathUrl from '#web/assets/slide-math.webp';
import physicsUrl from '#web/assets/slide-physics.webp';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePrefersReducedMotion } from '#web/lib/use-prefers-reduced-motion.ts';
import { useTypewriter } from './use-typewriter.ts';

/** Autoplay every 5000 ms (not stopped by using the controls). */
export const AUTOPLAY_MS = 5000;
/**
 * The track's place when each slide is shown: one slide and its 30 px gap (`gap-[30px]`) further
 * per slide, leftwards (right to left, --flow turns the move). Classes, not a style attribute:
 * the page's markup carries no inline style. One entry per slide.
 */
const TRACK_AT = ['translate-x-0', 'translate-x-[calc(var(--flow)*-1*(100%_+_30px))]', 'translate-x-[calc(var(--flow)*-2*(100%_+_30px))]'] as const;

/**
 * Home's hero carousel, hand-written: looping, centred slides, clickable bullets, previous and
 * next. With reduced motion it stays still and shows each title whole. A Pause button lets
 * anyone stop the rotation (WCAG 2.2.2); the other controls do not stop it.
 */
export function HeroCarousel() {
  const { t } = useTranslator();
  /** The hero slides (ids 1–3), images shipped with the app. */
  const slides = [
    { id: 1, title: t('hero.math'), image: mathUrl },
    { id: 2, title: t('hero.physics'), image: physicsUrl },
    { id: 3, title: t('hero.chemistry'), image: chemistryUrl },
  ];
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const autoplay = !reducedMotion && !paused;
  const go = (to: number) => setIndex(((to % count) + count) % count);

  // Keyed on `index`: any move (automatic or by the user) gives the new slide its full 5 s.
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoplay, index, count]);

  const active = slides[index]!;

  return (
    <section aria-roledescription="carousel" aria-label={t('hero.label')} className="relative overflow-hidden rounded-box bg-neutral">
      {/* Right to left, the slides run leftwards: --flow turns the slide's move. */}
      <div className={`flex gap-[30px] transition-transform duration-700 ease-in-out [--flow:1] rtl:[--flow:-1] ${TRACK_AT[index] ?? ''}`}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('hero.slide', { n: i + 1, count, title: slide.title })}
            aria-hidden={i !== index}
            data-active={i === index}
            data-testid="hero-slide"
            className="relative w-full shrink-0"
            inert={i !== index}
          >
            <img src={slide.image} alt="" width={1200} height={520} className="h-64 w-full object-cover sm:h-80 lg:h-[26rem]" loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
            <div className="absolute inset-0 flex items-center justify-center bg-black/55 px-14 text-center">
              <SlideTitle title={slide.title} typing={i === index && !reducedMotion} />
            </div>
          </div>
        ))}
      </div>

      <button type="button" className="btn btn-circle btn-sm absolute start-2 top-1/2 -translate-y-1/2 rtl:-scale-x-100 sm:btn-md" aria-label={t('hero.previous')} onClick={() => go(index - 1)}>
        ❮
      </button>
      <button type="button" className="btn btn-circle btn-sm absolute end-2 top-1/2 -translate-y-1/2 rtl:-scale-x-100 sm:btn-md" aria-label={t('hero.next')} onClick={() => go(index + 1)}>
        ❯
      </button>

      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={t('hero.goTo', { n: i + 1, title: slide.title })}
            aria-current={i === index ? 'true' : undefined}
            // A 24 px target around the 12 px dot (WCAG 2.2 target size, minimum).
            className="group flex h-6 min-w-6 items-center justify-center"
            onClick={() => go(i)}
          >
            <span className={`h-3 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/50 group-hover:bg-white/80'}`} />
          </button>
        ))}
        {!reducedMotion && (
          <button
            type="button"
            className="btn btn-ghost btn-xs ms-2 text-white"
            aria-label={paused ? t('hero.play') : t('hero.pause')}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? '▶' : '❚❚'}
          </button>
        )}
      </div>
      <p className="sr-only" aria-live={autoplay ? 'off' : 'polite'}>
        {t('hero.current', { n: index + 1, count, title: active.title })}
      </p>
    </section>
  );
}

function SlideTitle({ title, typing }: { title: string; typing: boolean }) {
  const shown = useTypewriter(title, typing);
  return (
    <h2 className="text-2xl font-bold text-white sm:text-4xl lg:text-5xl">
      <span className="sr-only">{title}</span>
      <span aria-hidden="true" data-testid="hero-title">
        {typing ? shown : title}
        {typing && <span className="ms-0.5 inline-block h-[1em] w-[2px] animate-pulse bg-white align-middle" />}
      </span>
    </h2>
  );
}
