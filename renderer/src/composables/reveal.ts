// A message or preview that appears below the fold is brought into view (issue 26): the clerk who
// clicked sees what the click produced without scrolling to look for it.
import type { Directive } from 'vue';

function reveal(el: HTMLElement): void {
  requestAnimationFrame(() => {
    const box = el.getBoundingClientRect();
    if (box.height === 0) return;
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
  });
}

/** `v-reveal`: scrolls its element into view when it appears. */
export const vReveal: Directive<HTMLElement> = { mounted: reveal };
