/**
 * Forex pairs: [code, name, reference price]. The seven majors (each currency against USD)
 * and the common minors/crosses. Quote currency = the last three letters.
 */
export const FOREX: ReadonlyArray<readonly [string, string, number]> = [
  // majors
  ['EURUSD', 'Euro / US Dollar', 1.0852],
  ['USDJPY', 'US Dollar / Japanese Yen', 156.42],
  ['GBPUSD', 'British Pound / US Dollar', 1.2735],
  ['USDCHF', 'US Dollar / Swiss Franc', 0.9012],
  ['AUDUSD', 'Australian Dollar / US Dollar', 0.6652],
  ['USDCAD', 'US Dollar / Canadian Dollar', 1.3672],
  ['NZDUSD', 'New Zealand Dollar / US Dollar', 0.6125],
  // minors and crosses
  ['EURGBP', 'Euro / British Pound', 0.8522],
  ['EURJPY', 'Euro / Japanese Yen', 169.75],
  ['EURCHF', 'Euro / Swiss Franc', 0.9781],
  ['EURAUD', 'Euro / Australian Dollar', 1.6315],
  ['EURCAD', 'Euro / Canadian Dollar', 1.4837],
  ['EURNZD', 'Euro / New Zealand Dollar', 1.7718],
  ['GBPJPY', 'British Pound / Japanese Yen', 199.21],
  ['GBPCHF', 'British Pound / Swiss Franc', 1.1477],
  ['GBPAUD', 'British Pound / Australian Dollar', 1.9145],
  ['GBPCAD', 'British Pound / Canadian Dollar', 1.7411],
  ['GBPNZD', 'British Pound / New Zealand Dollar', 2.0792],
  ['AUDJPY', 'Australian Dollar / Japanese Yen', 104.05],
  ['AUDCHF', 'Australian Dollar / Swiss Franc', 0.5995],
  ['AUDCAD', 'Australian Dollar / Canadian Dollar', 0.9095],
  ['AUDNZD', 'Australian Dollar / New Zealand Dollar', 1.0861],
  ['CADJPY', 'Canadian Dollar / Japanese Yen', 114.41],
  ['CADCHF', 'Canadian Dollar / Swiss Franc', 0.6592],
  ['CHFJPY', 'Swiss Franc / Japanese Yen', 173.57],
  ['NZDJPY', 'New Zealand Dollar / Japanese Yen', 95.81],
  ['NZDCHF', 'New Zealand Dollar / Swiss Franc', 0.552],
  ['NZDCAD', 'New Zealand Dollar / Canadian Dollar', 0.8374],
];
