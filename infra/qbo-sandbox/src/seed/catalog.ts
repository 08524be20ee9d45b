/** Vocabulary of a print broker's books: what they buy, from whom, and for whom. */

export interface Product {
  name: string;
  sku: string;
  description: string;
  /** Broker's cost and selling price per unit (a card, a sheet, an envelope, a piece). */
  cost: number;
  price: number;
  type: 'NonInventory' | 'Inventory' | 'Service';
  /** Vendor specialty that supplies it. */
  supplier: 'commercial' | 'envelope' | 'forms' | 'promo' | 'service';
}

export const PRODUCTS: readonly Product[] = [
  { name: '14pt Business Cards - Matte', sku: 'BC-14PT-MAT', description: '3.5x2 business cards, 14pt C2S matte, full color both sides', cost: 0.018, price: 0.032, type: 'NonInventory', supplier: 'commercial' },
  { name: '16pt Business Cards - Gloss UV', sku: 'BC-16PT-UV', description: '3.5x2 business cards, 16pt C2S with gloss UV front', cost: 0.022, price: 0.041, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Letterhead 24lb', sku: 'LH-24-WHT', description: '8.5x11 letterhead, 24lb white wove, 2 PMS colors', cost: 0.045, price: 0.085, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Letterhead 70lb Linen', sku: 'LH-70-LIN', description: '8.5x11 letterhead, 70lb classic linen, full color', cost: 0.07, price: 0.13, type: 'NonInventory', supplier: 'commercial' },
  { name: '#10 Window Envelopes', sku: 'ENV-10-WIN', description: '#10 window envelopes, 24lb white wove, 1 color return address', cost: 0.038, price: 0.072, type: 'NonInventory', supplier: 'envelope' },
  { name: '#10 Regular Envelopes', sku: 'ENV-10-REG', description: '#10 regular envelopes, 24lb white wove, 1 color', cost: 0.034, price: 0.064, type: 'NonInventory', supplier: 'envelope' },
  { name: '9x12 Booklet Envelopes', sku: 'ENV-912-BKL', description: '9x12 open-side booklet envelopes, 28lb white', cost: 0.11, price: 0.21, type: 'NonInventory', supplier: 'envelope' },
  { name: '6x9 Catalog Envelopes', sku: 'ENV-69-CAT', description: '6x9 open-end catalog envelopes, 28lb kraft', cost: 0.08, price: 0.15, type: 'NonInventory', supplier: 'envelope' },
  { name: 'NCR Forms 2-Part 8.5x11', sku: 'NCR-2P-8511', description: '2-part carbonless forms, white/canary, numbered, padded 50', cost: 0.09, price: 0.17, type: 'NonInventory', supplier: 'forms' },
  { name: 'NCR Forms 3-Part 8.5x11', sku: 'NCR-3P-8511', description: '3-part carbonless forms, white/canary/pink, numbered, padded 50', cost: 0.13, price: 0.24, type: 'NonInventory', supplier: 'forms' },
  { name: 'NCR Forms 4-Part 8.5x14', sku: 'NCR-4P-8514', description: '4-part carbonless legal forms, numbered, booked 50 sets', cost: 0.21, price: 0.38, type: 'NonInventory', supplier: 'forms' },
  { name: 'Continuous Forms 9.5x11', sku: 'CF-9511-2P', description: '2-part continuous pin-feed forms, 1 color', cost: 0.06, price: 0.11, type: 'NonInventory', supplier: 'forms' },
  { name: 'Presentation Folders 9x12', sku: 'PF-912-2P', description: '9x12 presentation folders, 14pt C1S, two 4" pockets, card slits', cost: 0.62, price: 1.15, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Tri-fold Brochures 100lb Gloss', sku: 'BR-TRI-100G', description: '8.5x11 tri-fold brochures, 100lb gloss text, full color both sides', cost: 0.09, price: 0.18, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Postcards 6x9 14pt', sku: 'PC-69-14PT', description: '6x9 postcards, 14pt C2S, UV front, EDDM ready', cost: 0.07, price: 0.14, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Flyers 8.5x11 80lb Gloss', sku: 'FL-8511-80G', description: '8.5x11 flyers, 80lb gloss text, full color one side', cost: 0.05, price: 0.1, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Notepads 5.5x8.5 50 Sheets', sku: 'NP-5585-50', description: '5.5x8.5 notepads, 60lb offset, 50 sheets, chipboard back', cost: 0.85, price: 1.6, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Door Hangers 4.25x11', sku: 'DH-42511-14', description: '4.25x11 door hangers, 14pt C2S, die-cut', cost: 0.1, price: 0.19, type: 'NonInventory', supplier: 'commercial' },
  { name: 'Labels 2x3 Roll', sku: 'LB-23-ROLL', description: '2x3 rectangle roll labels, white BOPP, 1000 per roll', cost: 0.012, price: 0.025, type: 'NonInventory', supplier: 'forms' },
  { name: 'Branded Pens - Click', sku: 'PR-PEN-CLK', description: 'Plastic click pens, 1 color imprint', cost: 0.32, price: 0.69, type: 'NonInventory', supplier: 'promo' },
  { name: 'Coffee Mugs 11oz', sku: 'PR-MUG-11', description: '11oz white ceramic mugs, 1 color wrap imprint', cost: 2.4, price: 4.95, type: 'NonInventory', supplier: 'promo' },
  { name: 'Tote Bags Canvas', sku: 'PR-TOTE-CNV', description: 'Natural canvas tote bags, 1 color imprint', cost: 2.1, price: 4.25, type: 'NonInventory', supplier: 'promo' },
  { name: 'Lanyards 3/4in', sku: 'PR-LAN-34', description: '3/4in polyester lanyards, 1 color imprint, swivel hook', cost: 0.58, price: 1.2, type: 'NonInventory', supplier: 'promo' },
  { name: 'Safety Vests Printed', sku: 'PR-VEST-HV', description: 'Hi-vis safety vests, 1 color back imprint', cost: 3.2, price: 6.5, type: 'NonInventory', supplier: 'promo' },
  { name: 'Stock Paper 20lb Bond Case', sku: 'ST-20B-CASE', description: '8.5x11 20lb bond, case of 5000 sheets, held for reprints', cost: 32, price: 48, type: 'Inventory', supplier: 'commercial' },
  { name: 'Graphic Design - Hourly', sku: 'SV-DESIGN-HR', description: 'Layout and prepress design, per hour', cost: 35, price: 85, type: 'Service', supplier: 'service' },
  { name: 'Rush Production Fee', sku: 'SV-RUSH', description: 'Expedited production and shipping handling', cost: 0, price: 75, type: 'Service', supplier: 'service' },
  { name: 'Warehousing and Fulfillment - Monthly', sku: 'SV-FULFILL-MO', description: 'Storage of bulk stock and pick/pack release, per month', cost: 45, price: 95, type: 'Service', supplier: 'service' },
];

/** Variants let a large company carry thousands of distinct, still believable item names. */
export const VARIANTS = ['Blue Ink', 'Black Ink', 'PMS 286', 'PMS 185', 'Recycled Stock', 'Numbered', 'Perforated', 'Kraft', 'Soft Touch', 'Foil Accent', 'Spot UV', 'Unprinted'];

export const VENDOR_KINDS: Record<Exclude<Product['supplier'], 'service'>, { words: readonly string[]; suffixes: readonly string[] }> = {
  commercial: { words: ['Lithographic', 'Printing', 'Press', 'Graphics', 'Print Works', 'Offset'], suffixes: ['Inc.', 'Co.', 'LLC', 'Corp.'] },
  envelope: { words: ['Envelope', 'Envelope & Mailing', 'Envelope Converters'], suffixes: ['Inc.', 'Co.', 'LLC'] },
  forms: { words: ['Business Forms', 'Forms & Labels', 'Continuous Forms'], suffixes: ['Inc.', 'LLC', 'Ltd.'] },
  promo: { words: ['Promotional Products', 'Imprint Source', 'Branded Goods'], suffixes: ['Inc.', 'LLC', 'Group'] },
};

export const PLACE_WORDS = ['Cascade', 'Summit', 'Pioneer', 'Liberty', 'Keystone', 'Heritage', 'Riverside', 'Lakeshore', 'Redwood', 'Granite', 'Beacon', 'Meridian', 'Evergreen', 'Atlas', 'Harbor', 'Prairie', 'Sierra', 'Frontier', 'Capital', 'Northstar', 'Bluewater', 'Ironwood', 'Copperline', 'Westgate', 'Eastbrook', 'Silverleaf', 'Oakridge', 'Maplewood', 'Stonebridge', 'Highland', 'Bayview', 'Crescent', 'Sunrise', 'Twin Rivers', 'Gateway', 'Pinecrest', 'Fairview', 'Clearwater', 'Brookside', 'Millstone'];

export const CUSTOMER_NOUNS = ['Dental Group', 'Family Medicine', 'Credit Union', 'Realty', 'Insurance Agency', 'Law Offices', 'Auto Repair', 'Veterinary Clinic', 'Construction', 'Landscaping', 'Plumbing & Heating', 'Roofing', 'Accounting', 'Chiropractic', 'Brewing Company', 'Coffee Roasters', 'Bakery', 'Hotel', 'School District', 'Church', 'Animal Hospital', 'Physical Therapy', 'Title Company', 'Property Management', 'Logistics', 'Electric', 'Marina', 'Golf Club', 'Bank', 'Eye Care', 'Pharmacy', 'Fitness Center', 'Montessori School', 'Winery', 'Events Center', 'Food Co-op', 'Hardware', 'Furniture', 'Flooring', 'Pet Supply'];

export const CUSTOMER_SUFFIXES = ['', 'LLC', 'Inc.', 'P.C.', 'Co.', 'Group', 'Partners', 'of the Valley', 'Northwest', 'East', 'South', 'Associates'];

export const FIRST_NAMES = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Aisha', 'Wei', 'Priya', 'Thomas', 'Susan', 'Daniel', 'Karen', 'Kevin', 'Nancy', 'Brian', 'Lisa', 'Hiroshi', 'Fatima', 'Samuel', 'Grace', 'Luis', 'Emily', 'Omar', 'Rachel', 'Anthony', 'Megan'];

export const LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Nguyen', 'Brown', 'Martinez', 'Okafor', 'Anderson', 'Patel', 'Kim', 'Lopez', 'Wilson', 'Chen', 'Thompson', 'Rivera', 'Walker', 'Hughes', 'Sato', 'Bennett', 'Foster', 'Murphy', 'Reyes', 'Khan', 'Bailey', 'Cooper', 'Price', 'Howard', 'Ward', 'Torres', 'Gray'];

export const STREETS = ['Main St', 'Oak Ave', 'Industrial Way', 'Commerce Dr', 'Market St', 'Park Blvd', 'Harbor Rd', 'Mill St', 'Broadway', 'Center St', 'River Rd', 'Elm St', 'Airport Way', 'Enterprise Pkwy', 'Washington Ave', 'Lincoln Hwy'];

export interface City {
  city: string;
  state: string;
  zipPrefix: string;
  areaCode: string;
}

export const CITIES: readonly City[] = [
  { city: 'Portland', state: 'OR', zipPrefix: '972', areaCode: '503' },
  { city: 'Seattle', state: 'WA', zipPrefix: '981', areaCode: '206' },
  { city: 'Sacramento', state: 'CA', zipPrefix: '958', areaCode: '916' },
  { city: 'Denver', state: 'CO', zipPrefix: '802', areaCode: '303' },
  { city: 'Austin', state: 'TX', zipPrefix: '787', areaCode: '512' },
  { city: 'Minneapolis', state: 'MN', zipPrefix: '554', areaCode: '612' },
  { city: 'Columbus', state: 'OH', zipPrefix: '432', areaCode: '614' },
  { city: 'Charlotte', state: 'NC', zipPrefix: '282', areaCode: '704' },
  { city: 'Nashville', state: 'TN', zipPrefix: '372', areaCode: '615' },
  { city: 'Milwaukee', state: 'WI', zipPrefix: '532', areaCode: '414' },
  { city: 'Boise', state: 'ID', zipPrefix: '837', areaCode: '208' },
  { city: 'Richmond', state: 'VA', zipPrefix: '232', areaCode: '804' },
];

export const ESTIMATE_MEMOS = [
  'Thank you for your business! Proof to follow within 2 business days.',
  'Pricing valid for 30 days. Bulk stock released from our warehouse as needed.',
  'Includes one round of proofs. Shipping quoted separately.',
];
