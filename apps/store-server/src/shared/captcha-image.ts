import { randomInt } from 'node:crypto';

/**
 * The captcha image: every glyph is drawn as stroked paths from our own small stroke font, bent by a
 * random per-glyph transform and per-point jitter, among noise strokes in the same style and dots. The
 * markup holds no `<text>` and no character of the answer, and two renderings of one answer differ.
 */

type Point = readonly [x: number, y: number];
type Stroke = readonly Point[];

/** Glyph box: x 0..10, y 0..16 (top-left origin). Only characters without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G). */
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  A: [[[0, 16], [5, 0], [10, 16]], [[2.5, 9], [7.5, 9]]],
  C: [[[10, 2], [8, 0], [2, 0], [0, 3], [0, 13], [2, 16], [8, 16], [10, 14]]],
  D: [[[0, 0], [0, 16], [6, 16], [10, 12], [10, 4], [6, 0], [0, 0]]],
  E: [[[10, 0], [0, 0], [0, 16], [10, 16]], [[0, 8], [7, 8]]],
  F: [[[10, 0], [0, 0], [0, 16]], [[0, 8], [7, 8]]],
  H: [[[0, 0], [0, 16]], [[10, 0], [10, 16]], [[0, 8], [10, 8]]],
  J: [[[10, 0], [10, 13], [7, 16], [3, 16], [0, 13]]],
  K: [[[0, 0], [0, 16]], [[10, 0], [0, 9]], [[3, 6], [10, 16]]],
  M: [[[0, 16], [0, 0], [5, 9], [10, 0], [10, 16]]],
  N: [[[0, 16], [0, 0], [10, 16], [10, 0]]],
  P: [[[0, 16], [0, 0], [8, 0], [10, 2], [10, 6], [8, 8], [0, 8]]],
  R: [[[0, 16], [0, 0], [8, 0], [10, 2], [10, 6], [8, 8], [0, 8]], [[5, 8], [10, 16]]],
  T: [[[0, 0], [10, 0]], [[5, 0], [5, 16]]],
  U: [[[0, 0], [0, 13], [3, 16], [7, 16], [10, 13], [10, 0]]],
  V: [[[0, 0], [5, 16], [10, 0]]],
  W: [[[0, 0], [2, 16], [5, 6], [8, 16], [10, 0]]],
  X: [[[0, 0], [10, 16]], [[10, 0], [0, 16]]],
  Y: [[[0, 0], [5, 8], [10, 0]], [[5, 8], [5, 16]]],
  '3': [[[0, 1], [3, 0], [8, 0], [10, 3], [10, 5], [7, 8], [10, 11], [10, 13], [8, 16], [2, 16], [0, 14]], [[4, 8], [7, 8]]],
  '4': [[[7, 16], [7, 0], [0, 11], [10, 11]]],
  '7': [[[0, 0], [10, 0], [4, 16]]],
  '9': [[[10, 6], [7, 8], [3, 8], [0, 6], [0, 3], [3, 0], [7, 0], [10, 3], [10, 12], [7, 16], [3, 16], [1, 15]]],
};

/** The characters a captcha answer is made of (the check is case-insensitive). */
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 120;
const HEIGHT = 40;
const CELL = 26;

/** A random number in [min, max) with 0.01 resolution, from the CSPRNG. */
const between = (min: number, max: number) => min + randomInt(0, Math.round((max - min) * 100)) / 100;
const fmt = (n: number) => n.toFixed(1);
const colour = (lightness: [number, number] = [25, 40]) => `hsl(${randomInt(0, 360)},${randomInt(45, 70)}%,${randomInt(...lightness)}%)`;

function pathOf(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${fmt(x)} ${fmt(y)}`).join('');
}

/** One glyph placed in cell `index` with its own rotation, skew, scale and per-point jitter. */
function glyphPaths(char: string, index: number): string[] {
  const strokes = GLYPHS[char];
  if (!strokes) throw new Error(`no captcha glyph for ${JSON.stringify(char)}`);
  const angle = (between(-18, 18) * Math.PI) / 180;
  const skew = between(-0.3, 0.3);
  const scale = between(1.2, 1.5);
  const cx = 13 + index * CELL + between(-2, 2);
  const cy = HEIGHT / 2 + between(-2, 2);
  const place = ([x, y]: Point): Point => {
    const lx = (x - 5 + skew * (y - 8) + between(-0.7, 0.7)) * scale;
    const ly = (y - 8 + between(-0.7, 0.7)) * scale;
    return [cx + lx * Math.cos(angle) - ly * Math.sin(angle), cy + lx * Math.sin(angle) + ly * Math.cos(angle)];
  };
  const fill = colour();
  const width = fmt(between(2.2, 2.8));
  return strokes.map(
    (stroke) => `<path d="${pathOf(stroke.map(place))}" stroke="${fill}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

/** Curved strokes like the glyphs' (paths, round caps), lighter and thinner so people still read the glyphs. */
function noisePaths(count: number): string[] {
  return Array.from({ length: count }, () => {
    const from: Point = [between(0, WIDTH), between(0, HEIGHT)];
    const control: Point = [between(0, WIDTH), between(0, HEIGHT)];
    const to: Point = [between(0, WIDTH), between(0, HEIGHT)];
    const d = `M${fmt(from[0])} ${fmt(from[1])}Q${fmt(control[0])} ${fmt(control[1])} ${fmt(to[0])} ${fmt(to[1])}`;
    return `<path d="${d}" stroke="${colour([50, 65])}" stroke-width="${fmt(between(1, 1.6))}" fill="none" stroke-linecap="round"/>`;
  });
}

function noiseDots(count: number): string[] {
  return Array.from(
    { length: count },
    () => `<circle cx="${fmt(between(0, WIDTH))}" cy="${fmt(between(0, HEIGHT))}" r="${fmt(between(0.6, 1.4))}" fill="${colour([40, 65])}"/>`,
  );
}

/** Shuffles in place (Fisher–Yates on the CSPRNG) so glyph strokes do not sit in answer order. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The answer as an SVG data URL (console-spec §3 "verify image: value"). */
export function renderCaptchaSvg(answer: string): string {
  const glyphs = [...answer.toUpperCase()].flatMap((char, i) => glyphPaths(char, i));
  const shapes = shuffle([...noisePaths(4), ...glyphs, ...noiseDots(36)]);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">` +
    `<rect width="100%" height="100%" fill="#f4f6f8"/>${shapes.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
