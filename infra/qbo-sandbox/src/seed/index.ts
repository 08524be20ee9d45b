export { generateCompany, realmIdFor, type GenerateOptions } from './generate.js';
export { Prng } from './prng.js';
