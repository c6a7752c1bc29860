/**
 * GST registration facts: the state codes of the GST system, GSTIN format and check character, and the state of
 * a property's address.
 */

/** State and union-territory codes as the GST system numbers them (the first two digits of every GSTIN). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** Other spellings people write in an address, by their state code. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  'jammu & kashmir': '01',
  'j&k': '01',
  'nct of delhi': '07',
  'new delhi': '07',
  up: '09',
  orissa: '21',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
  bombay: '27',
  bengaluru: '29',
  pondicherry: '34',
  'andaman & nicobar islands': '35',
  'andaman and nicobar': '35',
  ap: '37',
  tn: '33',
  ka: '29',
  mh: '27',
};

const STATE_CODE_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(GST_STATES).map(([code, name]) => [name.toLowerCase(), code] as const),
  ...Object.entries(STATE_ALIASES),
]);

/** The GST state code of a state written in an address ("Karnataka", "karnataka ", "Orissa"), or null. */
export function stateCodeOfName(name: string): string | null {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return STATE_CODE_BY_NAME.get(key) ?? null;
}

/** "29-Karnataka", as GST returns write a place of supply. */
export function placeOfSupplyLabel(stateCode: string): string {
  return `${stateCode}-${GST_STATES[stateCode] ?? 'Unknown'}`;
}

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (the published mod-36 scheme): each character's value is
 * multiplied by 1 or 2 alternately from the left, each product split into its quotient and remainder by 36 and
 * summed; the check value brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARSET.indexOf(first14[i] ?? '');
    if (value < 0) return '?';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid, or null when it is (upper case expected; callers trim and upper-case first). */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters';
  if (!GSTIN_PATTERN.test(gstin))
    return 'A GSTIN reads: 2-digit state code, 10-character PAN, entity number, Z, check character';
  if (!GST_STATES[gstin.slice(0, 2)]) return `${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'The GSTIN check character does not match: please check for a typo';
  return null;
}

/** The state code of a GSTIN: its first two digits. */
export const stateCodeOfGstin = (gstin: string): string => gstin.slice(0, 2);
