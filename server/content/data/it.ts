import type { LanguagePack } from './structure.ts';

/** Italian. */
export const it: LanguagePack = {
  pages: {
    'about-us': {
      title: 'Chi siamo',
      body: `Gestiamo una piattaforma online dove puoi seguire i mercati di criptovalute, forex, azioni, ETF e futures, esercitarti con un conto demo e, con un conto reale, fare trading, aderire ai piani smart, ottenere prestiti garantiti da criptovalute e acquistare NFT di beneficenza.

## I nostri principi
- I prezzi provengono solo dal feed di mercato. Quando è in uso il simulatore integrato, i prezzi sono contrassegnati come "simulati".
- Ogni movimento del tuo denaro viene registrato ed è visibile a te, con il suo stato e il motivo.
- Nessuno sulla piattaforma può fissare un prezzo, scegliere l'esito di un'operazione o modificare un saldo senza una registrazione.

Il servizio è disponibile in dieci lingue. Domande? Apri l'[assistenza online](/help) o leggi le [FAQ](/help/faq).`,
    },
    contact: {
      title: 'Contattaci',
      body: `Il modo più rapido per contattarci è il pulsante dell'assistenza online in cima a ogni pagina. Il nostro team risponde nell'ordine in cui arrivano i messaggi.

## Prima di scrivere
- Tieni pronto il tuo nome utente. Non inviare mai la password o un codice di verifica: non te li chiederemo mai.
- Per un deposito o un prelievo, indica l'ora e l'importo e, se lo hai, l'hash della transazione.

Molte risposte si trovano già nelle [FAQ](/help/faq) e negli [avvisi](/help/notice).`,
    },
    'licence-supervision': {
      title: 'Licenza e vigilanza',
      body: `I servizi di trading e i prestiti possono richiedere una licenza nel paese in cui vengono offerti. Il gestore di questo sito è responsabile di possedere le licenze necessarie e di pubblicare qui il nome di ciascuna autorità di vigilanza e il numero di licenza o di registrazione.

**Se in questa pagina non compaiono dati di licenza, non dare per scontato che il servizio sia regolamentato o che il tuo denaro sia coperto da un sistema di tutela o di indennizzo degli investitori.**

Puoi verificare lo stato di una società direttamente presso l'autorità di vigilanza del tuo paese.`,
    },
    'online-support': {
      title: 'Assistenza online',
      body: `L'assistenza online ti mette in contatto con il nostro team in una finestra di chat. Aprila con il pulsante dell'assistenza in cima alla pagina; se il browser blocca la nuova finestra, la chat si apre nella stessa scheda.

## Possiamo aiutarti con
- Il tuo conto, l'accesso e i codici di verifica
- Depositi, prelievi e lo stato della loro revisione
- Verifica dell'identità (KYC), prestiti e piani smart

Il personale dell'assistenza non ti chiederà mai la password o i codici di verifica e non può modificare prezzi, risultati delle operazioni o saldi.`,
    },
    terms: {
      title: 'Termini di servizio',
      body: `Questi termini si applicano quando usi questa piattaforma. Registrandoti confermi di averli letti.

## Il tuo conto
- Devi essere maggiorenne e autorizzato dalla legge del tuo paese a usare questi servizi.
- Mantieni segreti la password e i codici di verifica. Sei responsabile di ciò che viene fatto con il tuo conto.
- Una persona, un conto. Le informazioni che ci fornisci devono essere vere.

## I nostri servizi
- Il conto demo usa fondi virtuali senza valore. Il conto reale usa i tuoi fondi.
- Depositi e prelievi vengono verificati prima di essere completati. Le commissioni sono mostrate prima della conferma.
- Possiamo rifiutare o sospendere un servizio quando la legge lo richiede o per proteggere gli utenti.

## Rischio
Trading, leva, piani smart e prestiti comportano il rischio di perdite. Leggi l'[avvertenza sui rischi](page:risk-warning) prima di usarli.`,
    },
    privacy: {
      title: 'Informativa sulla privacy',
      body: `Raccogliamo solo ciò che ci serve per gestire il tuo conto e rispettare gli obblighi di legge.

## Cosa conserviamo
- Dati del conto: nome utente, e-mail o numero di telefono, lingua e impostazioni.
- Movimenti di denaro: depositi, prelievi, ordini, prestiti e registrazioni contabili.
- Verifica dell'identità: nome, data di nascita, indirizzo, foto dei documenti e firma.
- Dati di sicurezza: orari di accesso, indirizzi IP e dispositivi.

## Come li proteggiamo
Le password sono conservate solo come hash sicuri. I documenti d'identità e le prove di pagamento sono privati: solo tu e il personale che li esamina potete aprirli. Non vendiamo i tuoi dati.

Puoi chiedere di consultare o correggere i tuoi dati tramite l'assistenza online.`,
    },
    'cookie-policy': {
      title: 'Politica sui cookie',
      body: `Questo sito memorizza solo ciò che gli serve per funzionare.

- Il token di sessione, per mantenerti connesso.
- La lingua, la scelta tra conto demo e reale e se hai chiuso la schermata di benvenuto.

Non usiamo cookie pubblicitari o di tracciamento. Cancellando la memoria del browser esci dal conto e queste impostazioni vengono azzerate.`,
    },
    disclaimer: {
      title: 'Esclusione di responsabilità',
      body: `Le informazioni su questa piattaforma, compresi prezzi, grafici, dati e articoli, sono fornite solo a scopo informativo generale e non costituiscono consulenza finanziaria, legale o fiscale.

I prezzi possono essere ritardati o interrotti. Quando è in uso il simulatore integrato, sono simulati e indicati come tali; i prezzi simulati non sono prezzi di mercato reali.

Decidi tu le tue operazioni e i tuoi investimenti. I risultati passati, compresi i rendimenti giornalieri dei piani smart, non garantiscono risultati futuri.`,
    },
    'risk-warning': {
      title: 'Avvertenza sui rischi',
      body: `**Il trading con leva può farti perdere denaro rapidamente e puoi perdere tutto il capitale investito.**

- Cripto-attività, forex, azioni, ETF, futures e opzioni possono oscillare bruscamente. I prezzi possono saltare, quindi uno stop loss può chiudersi a un prezzo peggiore di quello impostato.
- La leva moltiplica sia i guadagni sia le perdite.
- I piani smart e i prestiti comportano il rischio che il valore delle criptovalute scenda. Uscire in anticipo da un piano smart costa una parte del capitale.
- I risultati del conto demo usano fondi virtuali e non predicono i risultati reali.

Fai trading solo con denaro che puoi permetterti di perdere. In caso di dubbi, chiedi una consulenza indipendente.`,
    },
    'legal-information': {
      title: 'Note legali',
      body: `Questo sito è gestito dalla società indicata nella pagina [Licenza e vigilanza](page:licence-supervision), dove sono pubblicati i suoi dati societari e le eventuali licenze.

I testi della piattaforma, i [termini di servizio](page:terms), l'[informativa sulla privacy](page:privacy) e questa pagina sono disponibili in dieci lingue. In caso di differenze, prevale la versione inglese.

I servizi potrebbero non essere offerti in tutti i paesi. Spetta a te verificare che il loro uso sia consentito dove vivi.`,
    },
    'about-advertising': {
      title: 'Sulla pubblicità',
      body: `Le nostre promozioni devono essere corrette, chiare e non ingannevoli.

- I dati mostrati nella nostra home page (utenti registrati, mercati quotati, volume nelle 24 ore, tetto delle commissioni) sono calcolati dai dati della piattaforma stessa, non inseriti a mano.
- Le promozioni non promettono mai profitti. Ogni esempio di rendimento è indicato come esempio.
- Non paghiamo nessuno per presentare risultati di trading come tipici.

Se vedi una pubblicità a nostro nome che viola queste regole, segnalalo all'assistenza online.`,
    },
    'simulated-prices-statement': {
      title: 'Dichiarazione sui prezzi',
      body: `I prezzi di questa piattaforma provengono da un unico feed di mercato configurato. Per impostazione predefinita questo feed è un **simulatore** integrato nella piattaforma: i suoi prezzi sono generati, non presi da alcuna borsa, e sono contrassegnati come "simulati" ovunque compaiano.

Quando il gestore collega un vero feed di borsa, i prezzi provengono da quella borsa. Se il feed si interrompe, i mercati interessati non sono negoziabili finché non arrivano prezzi aggiornati; nessuno imposta i prezzi a mano.`,
    },
    'demo-account-statement': {
      title: 'Dichiarazione sul conto demo',
      body: `Ogni nuovo utente riceve un conto demo con {{demoGrantUSDT}} USDT virtuali. I fondi demo non hanno valore, non possono essere prelevati e sono tenuti separati dai fondi reali.

I conti demo non possono usare lo smart trading né altre funzioni che richiedono fondi reali. Puoi passare dal conto demo a quello reale in qualsiasi momento; la scelta vale per tutte le schermate.`,
    },
    'fees-statement': {
      title: 'Dichiarazione sulle commissioni',
      body: `- Prelievi: {{withdrawFeePercent}} dell'importo; l'importo che ricevi è mostrato prima della conferma.
- Depositi minimi: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH.
- Commissioni e interessi di operazioni, piani smart e prestiti sono indicati nelle rispettive schermate di conferma.

Non ci sono commissioni nascoste: ogni commissione è una voce separata nei tuoi movimenti.`,
    },
    'charity-nft-statement': {
      title: 'Dichiarazione sugli NFT di beneficenza',
      body: `I ricavi delle vendite degli NFT di beneficenza sono donati a un ente benefico per l'infanzia. Ogni NFT mostra il creatore, la blockchain, l'indirizzo del contratto e la donazione complessiva.

Acquistare un NFT è un acquisto legato a una donazione, non un investimento: il suo valore di rivendita può essere pari a zero.`,
    },
  },
  faq: {
    account: {
      question: 'Come apro un conto?',
      answer: `Tocca **Registrati** e iscriviti con il tuo indirizzo e-mail o numero di telefono. Ti inviamo un codice di verifica; inseriscilo insieme a una password di 8-64 caratteri che contenga una lettera e una cifra. Dove disponibile puoi anche accedere con Google.`,
    },
    'demo-vs-real': {
      question: 'Che differenza c\u2019è tra conto demo e conto reale?',
      answer: `Il conto demo opera con {{demoGrantUSDT}} USDT virtuali senza valore: serve per fare pratica. Il conto reale usa i fondi che depositi. La tua scelta viene ricordata e vale per tutte le schermate; puoi cambiarla nella pagina del conto. Lo smart trading è disponibile solo con il conto reale.`,
    },
    deposits: {
      question: 'Come faccio un deposito?',
      answer: `Apri **Conto → Saldo → Deposita**, scegli USDT, BTC o ETH e invia le monete all'indirizzo mostrato. Poi inserisci l'importo e l'hash della transazione e carica la prova di pagamento. Minimi: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH. Il deposito viene accreditato dopo la verifica; puoi seguirne lo stato nei tuoi movimenti.`,
    },
    'withdrawals-fees': {
      question: 'Come funzionano i prelievi e quanto costano?',
      answer: `Scegli la moneta e la rete, inserisci l'indirizzo di ricezione e l'importo. La commissione di prelievo è pari al {{withdrawFeePercent}} dell'importo e la schermata mostra quanto riceverai effettivamente prima della conferma. L'importo resta bloccato durante la verifica; se il prelievo viene rifiutato, torna sul tuo saldo.`,
    },
    prices: {
      question: 'Da dove vengono i prezzi? Sono reali?',
      answer: `I prezzi provengono da un unico feed di mercato configurato. Il feed integrato nella piattaforma è un **simulatore**: i suoi prezzi sono generati, non sono prezzi reali di borsa, e ogni prezzo che produce è contrassegnato come "simulato". Quando il gestore collega un vero feed di borsa, i prezzi provengono da quella borsa. Nessuno può fissare un prezzo a mano.`,
    },
    kyc: {
      question: 'Perché e come verifico la mia identità (KYC)?',
      answer: `La verifica dell'identità è necessaria per i prestiti e per alcuni limiti più alti. Inserisci nome, data di nascita, paese e indirizzo, scegli carta d'identità, passaporto o patente di guida e carica il fronte, il retro, una foto in cui tieni il documento e la tua firma. L'esito arriva di norma entro 48 ore. Se la verifica non viene superata, puoi correggere e inviare di nuovo. I documenti sono visibili solo a te e ai revisori.`,
    },
    loans: {
      question: 'Come funzionano i prestiti?',
      answer: `I prestiti sono garantiti da criptovalute e richiedono un'identità verificata e un contratto di prestito firmato. Prima di chiedere il prestito, la schermata mostra importo, durata in giorni, tasso giornaliero, interessi totali e data di rimborso. In caso di ritardo gli interessi continuano a maturare a un tasso di mora più alto, quindi rimborsa puntualmente.`,
    },
    'smart-plans': {
      question: 'Che cos\u2019è un piano smart?',
      answer: `Un piano smart investe un importo per un numero fisso di giorni e, finché è attivo, paga il rendimento giornaliero indicato nel prodotto. Vedi il profitto atteso prima di aderire. Uscire in anticipo comporta la trattenuta di una parte del capitale come penale e riduce il tuo guadagno. I piani smart richiedono un conto reale e non sono privi di rischi.`,
    },
    security: {
      question: 'Come proteggo il mio conto?',
      answer: `Usa una password che non usi altrove e non condividerla mai, né condividere un codice di verifica: il nostro personale non te li chiederà mai. Esci dal conto sui dispositivi condivisi. Se pensi che qualcun altro abbia usato il tuo conto, cambia la password: così terminano le tue altre sessioni.`,
    },
  },
  notices: {
    welcome: {
      title: 'Benvenuto sulla piattaforma',
      body: `Grazie per esserti iscritto. Inizia con il conto demo per capire come funziona il trading con fondi virtuali, poi passa al conto reale quando sei pronto. Il [centro assistenza](/help) risponde alle domande più comuni.`,
    },
    'simulated-feed': {
      title: 'I prezzi sono simulati finché non viene collegato un feed reale',
      body: `Finché il gestore non collega un feed di borsa in tempo reale, i prezzi di questa piattaforma provengono dal simulatore integrato e sono contrassegnati come "simulati". Non sono prezzi di mercato reali.`,
    },
    'review-times': {
      title: 'Tempi di verifica per depositi, prelievi e identità',
      body: `Depositi e prelievi vengono verificati prima di essere completati e le verifiche dell'identità ricevono di norma un esito entro 48 ore. Puoi seguire lo stato di ogni richiesta nei tuoi movimenti.`,
    },
  },
};
