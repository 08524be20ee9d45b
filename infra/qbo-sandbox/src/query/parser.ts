import { encountered, tokenize, type Token } from './lexer.js';

export type Literal = string | number | boolean;
export type Operator = '=' | '<' | '>' | '<=' | '>=' | 'IN' | 'LIKE';

export interface Condition {
  field: string;
  op: Operator;
  values: Literal[];
}

export interface OrderTerm {
  field: string;
  desc: boolean;
}

export type Selection = { kind: 'all' } | { kind: 'count' } | { kind: 'fields'; fields: string[] };

export interface ParsedQuery {
  selection: Selection;
  entity: string;
  where: Condition[];
  orderBy: OrderTerm[];
  startPosition: number;
  maxResults: number;
}

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_RESULTS_LIMIT = 1000;

const COMPARISONS = new Set(['=', '<', '>', '<=', '>=']);

/**
 * QBO's query language: `SELECT * | count(*) | fields FROM Entity [WHERE c AND c…]
 * [ORDERBY f [ASC|DESC], …] [STARTPOSITION n] [MAXRESULTS n]`. No OR, no joins, as at Intuit.
 */
export function parseQuery(text: string): ParsedQuery {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): Token => tokens[at]!;
  const next = (): Token => tokens[at++]!;
  const isKeyword = (token: Token, keyword: string) => token.kind === 'ID' && token.image.toUpperCase() === keyword;
  const expectKeyword = (keyword: string): void => {
    const token = next();
    if (!isKeyword(token, keyword)) encountered(token);
  };
  const expectSymbol = (symbol: string): void => {
    const token = next();
    if (token.kind !== 'SYMBOL' || token.image !== symbol) encountered(token);
  };
  const identifier = (): string => {
    const token = next();
    if (token.kind !== 'ID') encountered(token);
    return token.image;
  };
  const literal = (): Literal => {
    const token = next();
    if (token.kind === 'STRING') return token.image;
    if (token.kind === 'NUMBER') return Number(token.image);
    if (isKeyword(token, 'TRUE')) return true;
    if (isKeyword(token, 'FALSE')) return false;
    return encountered(token);
  };
  const integer = (): number => {
    const token = next();
    if (token.kind !== 'NUMBER' || !/^\d+$/.test(token.image)) encountered(token);
    return Number(token.image);
  };

  expectKeyword('SELECT');
  let selection: Selection;
  if (peek().kind === 'SYMBOL' && peek().image === '*') {
    next();
    selection = { kind: 'all' };
  } else if (isKeyword(peek(), 'COUNT')) {
    next();
    expectSymbol('(');
    expectSymbol('*');
    expectSymbol(')');
    selection = { kind: 'count' };
  } else {
    const fields = [identifier()];
    while (peek().kind === 'SYMBOL' && peek().image === ',') {
      next();
      fields.push(identifier());
    }
    selection = { kind: 'fields', fields };
  }
  expectKeyword('FROM');
  const entity = identifier();

  const where: Condition[] = [];
  if (isKeyword(peek(), 'WHERE')) {
    next();
    do {
      const field = identifier();
      const opToken = next();
      if (opToken.kind === 'SYMBOL' && COMPARISONS.has(opToken.image)) {
        where.push({ field, op: opToken.image as Operator, values: [literal()] });
      } else if (isKeyword(opToken, 'LIKE')) {
        where.push({ field, op: 'LIKE', values: [literal()] });
      } else if (isKeyword(opToken, 'IN')) {
        expectSymbol('(');
        const values = [literal()];
        while (peek().kind === 'SYMBOL' && peek().image === ',') {
          next();
          values.push(literal());
        }
        expectSymbol(')');
        where.push({ field, op: 'IN', values });
      } else {
        encountered(opToken);
      }
    } while (isKeyword(peek(), 'AND') && next());
  }

  const orderBy: OrderTerm[] = [];
  if (isKeyword(peek(), 'ORDERBY') || isKeyword(peek(), 'ORDER')) {
    if (isKeyword(next(), 'ORDER')) expectKeyword('BY');
    do {
      const field = identifier();
      let desc = false;
      if (isKeyword(peek(), 'DESC') || isKeyword(peek(), 'ASC')) desc = next().image.toUpperCase() === 'DESC';
      orderBy.push({ field, desc });
    } while (peek().kind === 'SYMBOL' && peek().image === ',' && next());
  }

  let startPosition = 1;
  let maxResults = DEFAULT_MAX_RESULTS;
  for (;;) {
    if (isKeyword(peek(), 'STARTPOSITION')) {
      next();
      startPosition = Math.max(1, integer());
    } else if (isKeyword(peek(), 'MAXRESULTS')) {
      next();
      maxResults = Math.min(MAX_RESULTS_LIMIT, Math.max(1, integer()));
    } else {
      break;
    }
  }
  if (peek().kind !== 'EOF') encountered(peek());
  return { selection, entity, where, orderBy, startPosition, maxResults };
}
