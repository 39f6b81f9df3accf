/** Swedish card names; soft hyphens (U+00AD) let long compounds wrap on a card face. */
import type { CardNames } from './catalog';

export const sv: CardNames = {
  d25: '25 km',
  d50: '50 km',
  d75: '75 km',
  d100: '100 km',
  d200: '200 km',
  accident: 'Olycka',
  out_of_gas: 'Bensin\u00ADstopp',
  flat_tire: 'Punk\u00ADtering',
  speed_limit: 'Hastig\u00ADhets\u00ADbegräns\u00ADning',
  stop: 'Rött ljus',
  repairs: 'Repara\u00ADtion',
  gasoline: 'Bensin',
  spare_tire: 'Reserv\u00ADhjul',
  end_of_limit: 'Slut på begräns\u00ADning',
  roll: 'Grönt ljus',
  driving_ace: 'Mäster\u00ADförare',
  extra_tank: 'Tankbil',
  puncture_proof: 'Punk\u00ADterings\u00ADfri',
  right_of_way: 'Ut\u00ADryck\u00ADnings\u00ADfordon',
};
