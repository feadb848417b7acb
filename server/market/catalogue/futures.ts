/**
 * Futures (front month, continuous) on indices and commodities:
 * [root code, name, reference price, price precision, quote unit]. Quoted in USD.
 */
export const FUTURES: ReadonlyArray<readonly [string, string, number, number]> = [
  // equity indices (CME Globex)
  ['ES', 'E-mini S&P 500 Futures', 5485.25, 2],
  ['NQ', 'E-mini Nasdaq-100 Futures', 19702.5, 2],
  ['YM', 'E-mini Dow Jones Futures', 39411, 0],
  ['RTY', 'E-mini Russell 2000 Futures', 2041.3, 1],
  ['NKD', 'Nikkei 225 (USD) Futures', 38895, 0],
  // energy (NYMEX)
  ['CL', 'Crude Oil WTI Futures', 81.54, 2],
  ['BZ', 'Brent Crude Oil Futures', 85.71, 2],
  ['NG', 'Natural Gas Futures', 2.702, 3],
  ['RB', 'RBOB Gasoline Futures', 2.4972, 4],
  ['HO', 'Heating Oil Futures', 2.5213, 4],
  // metals (COMEX/NYMEX)
  ['GC', 'Gold Futures', 2338.4, 1],
  ['SI', 'Silver Futures', 29.475, 3],
  ['HG', 'Copper Futures', 4.4185, 4],
  ['PL', 'Platinum Futures', 996.8, 1],
  ['PA', 'Palladium Futures', 941.5, 1],
  // agriculture (CBOT/ICE)
  ['ZC', 'Corn Futures', 424.25, 2],
  ['ZW', 'Wheat Futures', 572.5, 2],
  ['ZS', 'Soybean Futures', 1153.75, 2],
  ['KC', 'Coffee C Futures', 226.45, 2],
  ['SB', 'Sugar No. 11 Futures', 19.62, 2],
  ['CC', 'Cocoa Futures', 7654, 0],
  ['CT', 'Cotton No. 2 Futures', 71.23, 2],
  ['LE', 'Live Cattle Futures', 186.95, 3],
  // interest rates and currencies
  ['ZN', '10-Year T-Note Futures', 110.28, 3],
  ['ZB', 'US Treasury Bond Futures', 118.09, 3],
  ['6E', 'Euro FX Futures', 1.0878, 5],
  ['6J', 'Japanese Yen Futures', 0.0064, 7],
];
