import { faults } from '../api/faults.js';

export type TokenKind = 'ID' | 'STRING' | 'NUMBER' | 'SYMBOL' | 'EOF';

export interface Token {
  kind: TokenKind;
  /** The text as written (a string literal's unescaped value for STRING). */
  image: string;
  /** 1-based column, as Intuit's parser errors report it. */
  column: number;
}

const SYMBOLS = ['<=', '>=', '!=', '*', '(', ')', ',', '=', '<', '>'];

/** Intuit's parser error text: `Encountered " <ID> "FORM "" at line 1, column 10.` */
export function encountered(token: Token): never {
  if (token.kind === 'EOF') throw faults.queryParse(`Encountered "<EOF>" at line 1, column ${token.column}.`);
  const kind = token.kind === 'SYMBOL' ? '' : `<${token.kind === 'ID' ? 'ID' : token.kind === 'STRING' ? 'STRING' : 'INTEGER'}> `;
  throw faults.queryParse(`Encountered " ${kind}"${token.image} "" at line 1, column ${token.column}.`);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const column = i + 1;
    if (ch === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw faults.queryParse(`Lexical error at line 1, column ${column}. Unterminated string literal.`);
        const c = text[i]!;
        // QBO escapes quotes with a backslash (O\'Hara); doubled quotes are accepted too.
        if (c === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (c === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (c === "'") {
          i += 1;
          break;
        } else {
          value += c;
          i += 1;
        }
      }
      tokens.push({ kind: 'STRING', image: value, column });
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (number && (ch !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      tokens.push({ kind: 'NUMBER', image: number[0], column });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'ID', image: word[0], column });
      i += word[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => text.startsWith(candidate, i));
    if (!symbol) throw faults.queryParse(`Lexical error at line 1, column ${column}. Encountered: "${ch}"`);
    tokens.push({ kind: 'SYMBOL', image: symbol, column });
    i += symbol.length;
  }
  tokens.push({ kind: 'EOF', image: '', column: text.length + 1 });
  return tokens;
}
