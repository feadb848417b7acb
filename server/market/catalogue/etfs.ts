/** Widely traded US-listed ETFs: [ticker, fund name, reference price in USD]. */
export const ETFS: ReadonlyArray<readonly [string, string, number]> = [
  ['SPY', 'SPDR S&P 500 ETF Trust', 544.2], ['IVV', 'iShares Core S&P 500 ETF', 546.9], ['VOO', 'Vanguard S&P 500 ETF', 500.5],
  ['QQQ', 'Invesco QQQ Trust', 479.6], ['VTI', 'Vanguard Total Stock Market ETF', 268.1], ['DIA', 'SPDR Dow Jones Industrial Average ETF', 391.8],
  ['IWM', 'iShares Russell 2000 ETF', 201.3], ['EFA', 'iShares MSCI EAFE ETF', 78.2], ['EEM', 'iShares MSCI Emerging Markets ETF', 42.6],
  ['VEA', 'Vanguard FTSE Developed Markets ETF', 49.8], ['VWO', 'Vanguard FTSE Emerging Markets ETF', 43.9], ['AGG', 'iShares Core US Aggregate Bond ETF', 97.6],
  ['BND', 'Vanguard Total Bond Market ETF', 72.3], ['TLT', 'iShares 20+ Year Treasury Bond ETF', 92.4], ['LQD', 'iShares iBoxx $ Investment Grade Corporate Bond ETF', 107.8],
  ['HYG', 'iShares iBoxx $ High Yield Corporate Bond ETF', 77.1], ['GLD', 'SPDR Gold Shares', 215.3], ['SLV', 'iShares Silver Trust', 27.1],
  ['XLK', 'Technology Select Sector SPDR Fund', 229.4], ['XLF', 'Financial Select Sector SPDR Fund', 41.2], ['XLE', 'Energy Select Sector SPDR Fund', 90.8],
  ['XLV', 'Health Care Select Sector SPDR Fund', 145.6], ['ARKK', 'ARK Innovation ETF', 44.3], ['VNQ', 'Vanguard Real Estate ETF', 84.7],
];
