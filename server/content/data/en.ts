import type { LanguagePack } from './structure.ts';

/** English: the source text the other languages translate. Markdown subset: see ../markdown.ts. */
export const en: LanguagePack = {
  pages: {
    'about-us': {
      title: 'About us',
      body: `We run an online platform where you can follow crypto, forex, stock, ETF and futures markets, practise with a demo account and, with a real account, trade, join smart plans, borrow against crypto and buy charity NFTs.

## What we stand for
- Prices come only from the market feed. When the built-in simulator is in use, prices are labelled "simulated".
- Every movement of your money is recorded and visible to you, with its status and reason.
- Nobody at the platform can set a price, choose the outcome of a trade or change a balance without a recorded entry.

The service is available in ten languages. Questions? Open [online support](/help) or read the [FAQ](/help/faq).`,
    },
    contact: {
      title: 'Contact us',
      body: `The quickest way to reach us is the online support button at the top of every page. Our team answers in the order messages arrive.

## Before you write
- Have your username ready. Never send your password or a verification code: we will never ask for them.
- For a deposit or withdrawal, include the time and amount, and the transaction hash if you have it.

Many answers are already in the [FAQ](/help/faq) and in the [notices](/help/notice).`,
    },
    'licence-supervision': {
      title: 'Licence and supervision',
      body: `Trading services and loans may need a licence in the country where they are offered. The operator of this website is responsible for holding the licences that apply and for publishing here the name of each supervising authority and the licence or registration number.

**If no licence details appear on this page, do not assume that the service is regulated or that your money is covered by any investor protection or compensation scheme.**

You can check a firm's status directly with the regulator of your country.`,
    },
    'online-support': {
      title: 'Online support',
      body: `Online support connects you with our team in a chat window. Open it with the support button at the top of the page; if your browser blocks the new window, the chat opens in the same tab.

## We can help with
- Your account, login and verification codes
- Deposits, withdrawals and their review status
- Identity verification (KYC), loans and smart plans

Support staff will never ask for your password or verification codes and cannot change prices, trade results or balances.`,
    },
    terms: {
      title: 'Terms of service',
      body: `These terms apply when you use this platform. By registering you confirm that you have read them.

## Your account
- You must be an adult and allowed by the law of your country to use these services.
- Keep your password and verification codes secret. You are responsible for what is done with your account.
- One person, one account. Information you give us must be true.

## Our services
- The demo account uses virtual funds with no value. The real account uses your own funds.
- Deposits and withdrawals are reviewed before they are completed. Fees are shown before you confirm.
- We may refuse or suspend a service where the law requires it or to protect users.

## Risk
Trading, leverage, smart plans and loans involve risk of loss. Read the [risk warning](page:risk-warning) before using them.`,
    },
    privacy: {
      title: 'Privacy policy',
      body: `We collect only what we need to run your account and to meet legal duties.

## What we keep
- Account data: username, e-mail or phone number, language and settings.
- Money records: deposits, withdrawals, orders, loans and ledger entries.
- Identity verification: your name, birthdate, address, document photos and signature.
- Security data: login times, IP addresses and devices.

## How we protect it
Passwords are stored only as secure hashes. Identity documents and payment proofs are private: only you and the staff who review them can open them. We do not sell your data.

You may ask to see or correct your data through online support.`,
    },
    'cookie-policy': {
      title: 'Cookie policy',
      body: `This site stores only what it needs to work.

- Your session token, so that you stay logged in.
- Your language, the demo or real account choice and whether you dismissed the welcome board.

We do not use advertising or tracking cookies. Clearing your browser storage logs you out and resets these settings.`,
    },
    disclaimer: {
      title: 'Disclaimer',
      body: `Information on this platform, including prices, charts, figures and articles, is provided for general information only and is not investment, legal or tax advice.

Prices may be delayed or interrupted. When the built-in simulator is in use they are simulated and labelled so; simulated prices are not real market prices.

You decide on your own trades and investments. Past results, including the daily yields of smart plans, do not guarantee future results.`,
    },
    'risk-warning': {
      title: 'Risk warning',
      body: `**Trading with leverage can lose you money quickly, and you can lose all the money you put in.**

- Crypto-assets, forex, stocks, ETFs, futures and options can move sharply. Prices can gap, so a stop loss may close at a worse price than you set.
- Leverage multiplies both gains and losses.
- Smart plans and loans carry the risk that the value of crypto falls. Leaving a smart plan early costs a share of the principal.
- Results in the demo account use virtual funds and do not predict real results.

Only trade with money you can afford to lose. If you are unsure, seek independent advice.`,
    },
    'legal-information': {
      title: 'Legal information',
      body: `This website is operated by the company named in the [licence and supervision](page:licence-supervision) page. Its registered details and any licences are published there.

The platform's texts, the [terms of service](page:terms), the [privacy policy](page:privacy) and this page are available in ten languages. If versions differ, the English version applies.

Services may not be offered in every country. It is your duty to check that using them is allowed where you live.`,
    },
    'about-advertising': {
      title: 'About advertising',
      body: `Our promotions must be fair, clear and not misleading.

- Figures shown on our home page (registered users, markets listed, 24-hour volume, fee ceiling) are computed from the platform's own records, not typed in.
- Promotions never promise profits. Any example return is marked as an example.
- We do not pay anyone to present trading results as typical.

If you see an advertisement in our name that breaks these rules, please tell online support.`,
    },
    'simulated-prices-statement': {
      title: 'Statement on prices',
      body: `Prices on this platform come from one configured market feed. By default this feed is a **simulator** built into the platform: its prices are generated, not taken from any exchange, and are labelled "simulated" wherever they appear.

When the operator connects a real exchange feed, prices come from that exchange. If the feed stops, the affected markets stop being tradable until fresh prices arrive; no one sets prices by hand.`,
    },
    'demo-account-statement': {
      title: 'Statement on the demo account',
      body: `Every new user gets a demo account with {{demoGrantUSDT}} virtual USDT. Demo funds have no value, cannot be withdrawn and are kept apart from real funds.

Demo accounts cannot use smart trading or other functions that need real funds. Switch between the demo and real account at any time; the choice applies to every screen.`,
    },
    'fees-statement': {
      title: 'Statement on fees',
      body: `- Withdrawals: {{withdrawFeePercent}} of the amount; the amount you receive is shown before you confirm.
- Minimum deposits: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH.
- Fees and interest of trades, smart plans and loans are shown on their confirmation screens.

There are no hidden fees: every fee is a separate entry in your records.`,
    },
    'charity-nft-statement': {
      title: 'Statement on charity NFTs',
      body: `Sales of charity NFTs are donated to a children's charity. Each NFT shows its creator, chain, contract address and the cumulative donation.

Buying an NFT is a donation-linked purchase, not an investment: its resale value may be zero.`,
    },
  },
  faq: {
    account: {
      question: 'How do I open an account?',
      answer: `Tap **Sign up** and register with your e-mail address or phone number. We send you a verification code; enter it with a password of 8 to 64 characters containing a letter and a digit. You can also sign in with Google where it is offered.`,
    },
    'demo-vs-real': {
      question: 'What is the difference between the demo and the real account?',
      answer: `The demo account trades with {{demoGrantUSDT}} virtual USDT that has no value: it is for practice. The real account uses the funds you deposit. Your choice is remembered and applies to every screen; switch it in your account page. Smart trading is available only with the real account.`,
    },
    deposits: {
      question: 'How do I deposit?',
      answer: `Open **Account → Balance → Deposit**, choose USDT, BTC or ETH and send the coins to the address shown. Then enter the amount and the transaction hash and upload the payment proof. Minimums: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH. Your deposit is credited after review; you can follow its status in your records.`,
    },
    'withdrawals-fees': {
      question: 'How do withdrawals work and what do they cost?',
      answer: `Choose the coin and the network, enter the receiving address and the amount. The withdrawal fee is {{withdrawFeePercent}} of the amount, and the screen shows what you will actually receive before you confirm. The amount is held while the withdrawal is reviewed; if it is rejected, it returns to your balance.`,
    },
    prices: {
      question: 'Where do the prices come from? Are they real?',
      answer: `Prices come from one configured market feed. The feed built into the platform is a **simulator**: its prices are generated, not real exchange prices, and every price it produces is labelled "simulated". When the operator connects a real exchange feed, prices come from that exchange instead. No one can set a price by hand.`,
    },
    kyc: {
      question: 'Why and how do I verify my identity (KYC)?',
      answer: `Identity verification is needed for loans and some higher limits. Enter your name, birthdate, country and address, choose an ID card, passport or driver licence, and upload the front, the back, a photo holding the document and your signature. A result normally comes within 48 hours. If it does not pass, you can correct it and submit again. Your documents are seen only by you and the reviewers.`,
    },
    loans: {
      question: 'How do loans work?',
      answer: `Loans are secured by crypto and require verified identity and a signed loan agreement. Before you borrow, the screen shows the amount, the term in days, the daily rate, the total interest and the repayment date. Interest keeps accruing at a higher overdue rate if you repay late, so repay on time.`,
    },
    'smart-plans': {
      question: 'What is a smart plan?',
      answer: `A smart plan invests an amount for a fixed number of days and pays the daily yield stated in the product while it runs. You see the expected profit before you join. Leaving early deducts a share of the principal as liquidated damages and reduces your income. Smart plans need a real account and are not risk-free.`,
    },
    security: {
      question: 'How do I keep my account safe?',
      answer: `Use a password you use nowhere else and never share it or a verification code: our staff will never ask for them. Log out on shared devices. If you think someone else used your account, change your password: this ends your other sessions.`,
    },
  },
  notices: {
    welcome: {
      title: 'Welcome to the platform',
      body: `Thank you for joining us. Start with the demo account to learn how trading works with virtual funds, then switch to your real account when you are ready. The [help centre](/help) answers the most common questions.`,
    },
    'simulated-feed': {
      title: 'Prices are simulated until a live feed is connected',
      body: `Until the operator connects a live exchange feed, the prices on this platform come from the built-in simulator and are labelled "simulated". They are not real market prices.`,
    },
    'review-times': {
      title: 'Review times for deposits, withdrawals and verification',
      body: `Deposits and withdrawals are reviewed before they complete, and identity checks normally get a result within 48 hours. You can follow the status of each request in your records.`,
    },
  },
};
