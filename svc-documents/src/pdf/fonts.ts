import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The faces documents are set in. PDF's built-in Helvetica reads WinAnsi only, and a customer
 * named 'Łódź Ωmega Дизайн 東京' came out as 'Ø>Ý·': every face is a Unicode font embedded in the
 * PDF instead, and pdfkit subsets it to the glyphs a document uses, so a PDF grows by kilobytes.
 */
export type Face = 'regular' | 'bold' | 'italic';

type Pdf = PDFKit.PDFDocument;

/**
 * Noto Sans for Latin, Greek and Cyrillic, then Noto Sans SC (Chinese, and Japanese kana) and
 * Noto Sans KR (Hangul) for what it lacks: no one Noto font has them all, and the CJK ones lack
 * Latin Extended ('Ł', 'ź'). Each character is set in the first font of its face's chain that has
 * it; a character none has (an emoji) stays in the first, which shows its blank glyph.
 */
const FILES: Record<string, { pkg: string; file: string }> = {
  'Latin-Regular': { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Regular.ttf' },
  'Latin-Bold': { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Bold.ttf' },
  'Latin-Italic': { pkg: '@embedpdf/fonts-latin', file: 'NotoSans-Italic.ttf' },
  'SC-Regular': { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Regular.otf' },
  'SC-Bold': { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Bold.otf' },
  'KR-Regular': { pkg: '@embedpdf/fonts-kr', file: 'NotoSansKR-Regular.otf' },
  'KR-Bold': { pkg: '@embedpdf/fonts-kr', file: 'NotoSansKR-Bold.otf' },
};

const CHAINS: Record<Face, string[]> = {
  regular: ['Latin-Regular', 'SC-Regular', 'KR-Regular'],
  bold: ['Latin-Bold', 'SC-Bold', 'KR-Bold'],
  italic: ['Latin-Italic', 'SC-Regular', 'KR-Regular'],
};

const require = createRequire(import.meta.url);

/** The packages export only their metadata; the fonts sit in `fonts/` beside its `dist/`. */
const fontPath = (name: string) => {
  const { pkg, file } = FILES[name]!;
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file);
};

/**
 * Each font parsed once a process, and only when a document needs it (a CJK font is megabytes).
 * pdfkit takes the parsed font as it is, so its tables, glyphs and layouts are read once, not for
 * every document (which made a one-page ticket take 150 ms instead of 10); each document still
 * makes its own subset of it.
 */
const loaded = new Map<string, { parsed: fontkit.Font; covers: (codePoint: number) => boolean }>();

function font(name: string) {
  let entry = loaded.get(name);
  if (!entry) {
    const bytes = readFileSync(fontPath(name));
    const parsed = keepsCodePoints(fontkit.create(bytes) as fontkit.Font);
    const cache = new Map<number, boolean>();
    entry = {
      parsed,
      covers: (codePoint) => {
        let has = cache.get(codePoint);
        if (has === undefined) cache.set(codePoint, (has = parsed.hasGlyphForCodePoint(codePoint)));
        return has;
      },
    };
    loaded.set(name, entry);
  }
  return entry;
}

/**
 * fontkit keeps one glyph object per glyph id, made with the characters of its first lookup. A
 * document's subset looks up the parts of a composed glyph ('ź' is built of 'z' and an accent)
 * without characters, so in a font shared by documents a later document's 'z' had none: pdfkit
 * maps glyphs to text by them, and the PDF read 'aka' for 'zakaz'. A lookup by text gives the
 * glyph its characters if it has none.
 */
function keepsCodePoints(parsed: fontkit.Font): fontkit.Font {
  const getGlyph = parsed.getGlyph.bind(parsed);
  parsed.getGlyph = (glyphId: number, codePoints: number[] = []) => {
    const glyph = getGlyph(glyphId, codePoints);
    if (codePoints.length > 0 && glyph.codePoints.length === 0) (glyph as { codePoints: number[] }).codePoints = codePoints;
    return glyph;
  };
  return parsed;
}

const registered = new WeakMap<Pdf, Set<string>>();

/** Makes `name` usable in `doc` the first time it is needed: pdfkit embeds only fonts a document sets text in. */
function use(doc: Pdf, name: string): string {
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (!names.has(name)) {
    doc.registerFont(name, font(name).parsed as unknown as Buffer);
    names.add(name);
  }
  return name;
}

/** Characters any font sets alike (spaces): they stay in the run they are in, so a name is not split at each space. */
const NEUTRAL = /[^\S\n]/u;

/**
 * `text` split into runs, each in the first font of the face's chain that has its characters.
 * A line break goes with the text after it: pdfkit drops one that ends a continued run.
 */
export function fontRuns(text: string, face: Face): Array<{ font: string; text: string }> {
  const chain = CHAINS[face];
  const runs: Array<{ font: string; text: string }> = [];
  let breaks = '';
  for (const char of text) {
    if (char === '\n') {
      breaks += char;
      continue;
    }
    const last = runs.at(-1);
    const codePoint = char.codePointAt(0)!;
    const name = NEUTRAL.test(char) && last ? last.font : (chain.find((candidate) => font(candidate).covers(codePoint)) ?? chain[0]!);
    if (last && last.font === name) last.text += breaks + char;
    else runs.push({ font: name, text: breaks + char });
    breaks = '';
  }
  if (breaks) {
    const last = runs.at(-1);
    if (last) last.text += breaks;
    else runs.push({ font: chain[0]!, text: breaks });
  }
  return runs.length > 0 ? runs : [{ font: chain[0]!, text }];
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * `doc.text` in a face, each run in its font. Runs after the first continue the first's line and
 * wrapping (pdfkit's `continued`); `options.continued` is kept for the last, so a caller may go on.
 */
export function writeText(doc: Pdf, text: string, face: Face, x?: number, y?: number, options: TextOptions = {}): void {
  const runs = fontRuns(text, face);
  runs.forEach((run, i) => {
    doc.font(use(doc, run.font));
    const last = i === runs.length - 1;
    const runOptions = { ...options, continued: last ? (options.continued ?? false) : true };
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
}

/** Sets the face's first font, for drawing that is not text (and text that is ASCII by construction). */
export function setFace(doc: Pdf, face: Face): void {
  doc.font(use(doc, CHAINS[face][0]!));
}

/** Width of `text` on one line in the face, each run in its font. */
export function textWidth(doc: Pdf, text: string, face: Face): number {
  return fontRuns(text, face).reduce((sum, run) => sum + doc.font(use(doc, run.font)).widthOfString(run.text), 0);
}

/**
 * Height `text` takes wrapped to `width` in the face. Text in one font is measured by pdfkit as
 * it will set it; text of several is wrapped here by words over each run's widths, which is how
 * pdfkit breaks it, give or take the odd word that pdfkit splits where it does not fit.
 */
export function textHeight(doc: Pdf, text: string, face: Face, options: { width: number }): number {
  const runs = fontRuns(text, face);
  if (runs.length === 1) return doc.font(use(doc, runs[0]!.font)).heightOfString(text, options);
  const lineHeight = doc.font(use(doc, runs[0]!.font)).currentLineHeight(true);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines += 1;
    let used = 0;
    for (const word of paragraph.split(/(?<=\s)/u)) {
      const width = textWidth(doc, word, face);
      if (used + width <= options.width) used += width;
      else {
        // The word starts a line (unless the line is empty) and runs over as many as it is wide.
        lines += Math.ceil(width / options.width) - (used === 0 ? 1 : 0);
        used = width % options.width;
      }
    }
  }
  return lines * lineHeight;
}
