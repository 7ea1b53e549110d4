import type { Locator } from '@playwright/test';

/**
 * Contrast ratios measured in the browser from computed styles (WCAG 2.x relative luminance), not
 * from class names: what a person would see. Backgrounds are composited from the element up to
 * the first opaque layer; a gradient counts as each of its colours (the worst one is answered).
 */

/** What to measure: the element's text against its background, or its focus ring against what is around it. */
export type Measured = 'text' | 'ring';

export function contrastOf(target: Locator, measured: Measured): Promise<number> {
  return target.evaluate((el, what) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba[] =>
      [...value.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => {
        const parts = match[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
        return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
      });
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    /** The colours a background may be behind `node`, opaque. */
    const backgrounds = (node: Element | null): Rgba[] => {
      const layers: Rgba[] = [];
      for (let at = node; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage.includes('gradient')) {
          const stops = parse(style.backgroundImage);
          return stops.map((stop) => layers.reduceRight((below, layer) => over(layer, below), over(stop, [255, 255, 255, 1])));
        }
        const [colour] = parse(style.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return [layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba)];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };

    const style = getComputedStyle(el);
    if (what === 'text') {
      const [colour] = parse(style.color);
      return Math.min(...backgrounds(el).map((bg) => ratio(over(colour!, bg), bg)));
    }
    // The ring lies outside the element: against the background around it.
    const around = backgrounds(el.parentElement);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const [ring] = parse(outlined ? style.outlineColor : style.boxShadow);
    if (!ring || (!outlined && style.boxShadow === 'none')) return 0;
    return Math.min(...around.map((bg) => ratio(over(ring, bg), bg)));
  }, measured);
}
