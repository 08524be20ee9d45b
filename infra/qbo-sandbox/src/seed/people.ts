import type { Prng } from './prng.js';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './catalog.js';

/** Addresses, phones and e-mails; domains use the reserved `.example` TLD so no mail reaches anyone real. */
export class ContactFactory {
  private addressId = 0;

  constructor(private readonly rng: Prng) {}

  address(): Record<string, string> {
    const city = this.rng.pick(CITIES);
    this.addressId += 1;
    return {
      Id: String(this.addressId),
      Line1: `${this.rng.int(100, 9899)} ${this.rng.pick(STREETS)}`,
      City: city.city,
      CountrySubDivisionCode: city.state,
      PostalCode: `${city.zipPrefix}${String(this.rng.int(1, 99)).padStart(2, '0')}`,
      Country: 'USA',
    };
  }

  /**
   * A transaction address as most arrive from QBO: typed into the address box, so every line is
   * free text (person, company, street, then "City, ST 12345") and the structured fields are empty.
   */
  freeForm(person: string, company: string, from: Record<string, string>): Record<string, string> {
    this.addressId += 1;
    const lines = [person, company, from.Line1 ?? '', `${from.City}, ${from.CountrySubDivisionCode} ${from.PostalCode}`];
    if (this.rng.chance(0.25)) lines.splice(2, 0, `Attn: Receiving, Dock ${this.rng.int(1, 9)}`);
    return { Id: String(this.addressId), ...Object.fromEntries(lines.map((line, index) => [`Line${index + 1}`, line])) };
  }

  /** 555-01xx numbers are reserved for fiction. */
  phone(areaCodeOf?: Record<string, string>): { FreeFormNumber: string } {
    const areaCode = CITIES.find((city) => city.city === areaCodeOf?.City)?.areaCode ?? this.rng.pick(CITIES).areaCode;
    return { FreeFormNumber: `(${areaCode}) 555-01${String(this.rng.int(0, 99)).padStart(2, '0')}` };
  }

  person(): { GivenName: string; FamilyName: string } {
    return { GivenName: this.rng.pick(FIRST_NAMES), FamilyName: this.rng.pick(LAST_NAMES) };
  }
}

export function domainOf(companyName: string): string {
  const slug = companyName
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .replace(/-(inc|llc|co|corp|ltd|p-c)$/, '');
  return `${slug}.example`;
}
