import type { LanguagePack } from './structure.ts';

/** French. */
export const fr: LanguagePack = {
  pages: {
    'about-us': {
      title: 'À propos de nous',
      body: `Nous exploitons une plateforme en ligne où vous pouvez suivre les marchés des cryptomonnaies, du forex, des actions, des ETF et des contrats à terme, vous entraîner avec un compte démo et, avec un compte réel, trader, rejoindre des plans intelligents, emprunter contre des cryptomonnaies et acheter des NFT caritatifs.

## Nos engagements
- Les prix proviennent uniquement du flux de marché. Lorsque le simulateur intégré est utilisé, les prix portent la mention « simulé ».
- Chaque mouvement de votre argent est enregistré et visible pour vous, avec son statut et son motif.
- Personne sur la plateforme ne peut fixer un prix, choisir le résultat d'une transaction ou modifier un solde sans écriture enregistrée.

Le service est disponible en dix langues. Une question ? Ouvrez l'[assistance en ligne](/help) ou lisez la [FAQ](/help/faq).`,
    },
    contact: {
      title: 'Nous contacter',
      body: `Le moyen le plus rapide de nous joindre est le bouton d'assistance en ligne en haut de chaque page. Notre équipe répond dans l'ordre d'arrivée des messages.

## Avant d'écrire
- Ayez votre nom d'utilisateur à portée de main. N'envoyez jamais votre mot de passe ni un code de vérification : nous ne vous les demanderons jamais.
- Pour un dépôt ou un retrait, indiquez l'heure et le montant, ainsi que le hash de la transaction si vous l'avez.

Beaucoup de réponses se trouvent déjà dans la [FAQ](/help/faq) et dans les [annonces](/help/notice).`,
    },
    'licence-supervision': {
      title: 'Licence et supervision',
      body: `Les services de trading et les prêts peuvent nécessiter une licence dans le pays où ils sont proposés. L'exploitant de ce site est responsable de détenir les licences applicables et de publier ici le nom de chaque autorité de supervision ainsi que le numéro de licence ou d'enregistrement.

**Si aucune information de licence ne figure sur cette page, ne supposez pas que le service est réglementé ni que votre argent est couvert par un mécanisme de protection des investisseurs ou d'indemnisation.**

Vous pouvez vérifier le statut d'une société directement auprès du régulateur de votre pays.`,
    },
    'online-support': {
      title: 'Assistance en ligne',
      body: `L'assistance en ligne vous met en relation avec notre équipe dans une fenêtre de discussion. Ouvrez-la avec le bouton d'assistance en haut de la page ; si votre navigateur bloque la nouvelle fenêtre, la discussion s'ouvre dans le même onglet.

## Nous pouvons vous aider pour
- Votre compte, la connexion et les codes de vérification
- Les dépôts, les retraits et l'état de leur examen
- La vérification d'identité (KYC), les prêts et les plans intelligents

Le personnel d'assistance ne vous demandera jamais votre mot de passe ni vos codes de vérification et ne peut modifier ni les prix, ni les résultats des transactions, ni les soldes.`,
    },
    terms: {
      title: "Conditions d'utilisation",
      body: `Ces conditions s'appliquent lorsque vous utilisez cette plateforme. En vous inscrivant, vous confirmez les avoir lues.

## Votre compte
- Vous devez être majeur et autorisé par la loi de votre pays à utiliser ces services.
- Gardez secrets votre mot de passe et vos codes de vérification. Vous êtes responsable de ce qui est fait avec votre compte.
- Une personne, un compte. Les informations que vous nous donnez doivent être exactes.

## Nos services
- Le compte démo utilise des fonds virtuels sans valeur. Le compte réel utilise vos propres fonds.
- Les dépôts et les retraits sont examinés avant d'être finalisés. Les frais sont affichés avant votre confirmation.
- Nous pouvons refuser ou suspendre un service lorsque la loi l'exige ou pour protéger les utilisateurs.

## Risque
Le trading, l'effet de levier, les plans intelligents et les prêts comportent un risque de perte. Lisez l'[avertissement sur les risques](page:risk-warning) avant de les utiliser.`,
    },
    privacy: {
      title: 'Politique de confidentialité',
      body: `Nous ne collectons que ce dont nous avons besoin pour gérer votre compte et respecter nos obligations légales.

## Ce que nous conservons
- Données du compte : nom d'utilisateur, adresse e-mail ou numéro de téléphone, langue et réglages.
- Historique financier : dépôts, retraits, ordres, prêts et écritures comptables.
- Vérification d'identité : vos nom, date de naissance, adresse, photos des documents et signature.
- Données de sécurité : heures de connexion, adresses IP et appareils.

## Comment nous les protégeons
Les mots de passe sont conservés uniquement sous forme de hachages sécurisés. Les pièces d'identité et les justificatifs de paiement sont privés : seuls vous et les personnes qui les examinent peuvent les ouvrir. Nous ne vendons pas vos données.

Vous pouvez demander à consulter ou corriger vos données via l'assistance en ligne.`,
    },
    'cookie-policy': {
      title: 'Politique relative aux cookies',
      body: `Ce site n'enregistre que ce dont il a besoin pour fonctionner.

- Votre jeton de session, pour que vous restiez connecté.
- Votre langue, le choix entre compte démo et compte réel et le fait que vous ayez fermé le tableau d'accueil.

Nous n'utilisons pas de cookies publicitaires ni de traçage. Effacer le stockage de votre navigateur vous déconnecte et réinitialise ces réglages.`,
    },
    disclaimer: {
      title: 'Avertissement',
      body: `Les informations de cette plateforme, y compris les prix, graphiques, chiffres et articles, sont fournies à titre d'information générale uniquement et ne constituent pas un conseil en investissement, juridique ou fiscal.

Les prix peuvent être retardés ou interrompus. Lorsque le simulateur intégré est utilisé, ils sont simulés et signalés comme tels ; les prix simulés ne sont pas des prix de marché réels.

Vous décidez seul de vos transactions et de vos investissements. Les résultats passés, y compris les rendements journaliers des plans intelligents, ne garantissent pas les résultats futurs.`,
    },
    'risk-warning': {
      title: 'Avertissement sur les risques',
      body: `**Le trading avec effet de levier peut vous faire perdre de l'argent rapidement, et vous pouvez perdre la totalité des sommes investies.**

- Les crypto-actifs, le forex, les actions, les ETF, les contrats à terme et les options peuvent varier fortement. Les prix peuvent faire des écarts, de sorte qu'un stop loss peut être exécuté à un prix moins favorable que celui fixé.
- L'effet de levier multiplie les gains comme les pertes.
- Les plans intelligents et les prêts comportent le risque d'une baisse de la valeur des cryptomonnaies. Quitter un plan intelligent avant terme coûte une part du capital.
- Les résultats du compte démo reposent sur des fonds virtuels et ne préjugent pas des résultats réels.

N'investissez que l'argent que vous pouvez vous permettre de perdre. En cas de doute, demandez un conseil indépendant.`,
    },
    'legal-information': {
      title: 'Informations légales',
      body: `Ce site est exploité par la société indiquée sur la page [Licence et supervision](page:licence-supervision). Ses coordonnées d'immatriculation et ses éventuelles licences y sont publiées.

Les textes de la plateforme, les [conditions d'utilisation](page:terms), la [politique de confidentialité](page:privacy) et cette page sont disponibles en dix langues. En cas de divergence, la version anglaise fait foi.

Les services ne sont pas forcément proposés dans tous les pays. Il vous appartient de vérifier que leur utilisation est autorisée là où vous vivez.`,
    },
    'about-advertising': {
      title: 'À propos de la publicité',
      body: `Nos promotions doivent être loyales, claires et non trompeuses.

- Les chiffres affichés sur notre page d'accueil (utilisateurs inscrits, marchés cotés, volume sur 24 heures, plafond des frais) sont calculés à partir des données propres de la plateforme, et non saisis à la main.
- Les promotions ne promettent jamais de profits. Tout exemple de rendement est signalé comme tel.
- Nous ne payons personne pour présenter des résultats de trading comme typiques.

Si vous voyez une publicité en notre nom qui enfreint ces règles, merci de le signaler à l'assistance en ligne.`,
    },
    'simulated-prices-statement': {
      title: 'Déclaration sur les prix',
      body: `Les prix de cette plateforme proviennent d'un flux de marché configuré. Par défaut, ce flux est un **simulateur** intégré à la plateforme : ses prix sont générés, non repris d'une bourse, et portent la mention « simulé » partout où ils apparaissent.

Lorsque l'exploitant connecte un véritable flux de bourse, les prix proviennent de cette bourse. Si le flux s'arrête, les marchés concernés ne sont plus négociables jusqu'à l'arrivée de nouveaux prix ; personne ne fixe les prix à la main.`,
    },
    'demo-account-statement': {
      title: 'Déclaration sur le compte démo',
      body: `Chaque nouvel utilisateur reçoit un compte démo doté de {{demoGrantUSDT}} USDT virtuels. Les fonds démo n'ont aucune valeur, ne peuvent pas être retirés et sont tenus séparément des fonds réels.

Les comptes démo ne peuvent pas utiliser le trading intelligent ni les autres fonctions qui exigent des fonds réels. Passez à tout moment du compte démo au compte réel ; ce choix s'applique à tous les écrans.`,
    },
    'fees-statement': {
      title: 'Déclaration sur les frais',
      body: `- Retraits : {{withdrawFeePercent}} du montant ; le montant que vous recevez est affiché avant votre confirmation.
- Dépôts minimums : {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH.
- Les frais et intérêts des transactions, des plans intelligents et des prêts sont affichés sur leurs écrans de confirmation.

Il n'y a pas de frais cachés : chaque frais est une ligne distincte de votre historique.`,
    },
    'charity-nft-statement': {
      title: 'Déclaration sur les NFT caritatifs',
      body: `Le produit des ventes de NFT caritatifs est reversé à une association pour les enfants. Chaque NFT indique son créateur, sa blockchain, l'adresse du contrat et le montant cumulé des dons.

Acheter un NFT est un achat lié à un don, pas un investissement : sa valeur de revente peut être nulle.`,
    },
  },
  faq: {
    account: {
      question: 'Comment ouvrir un compte ?',
      answer: `Touchez **S'inscrire** et inscrivez-vous avec votre adresse e-mail ou votre numéro de téléphone. Nous vous envoyons un code de vérification ; saisissez-le avec un mot de passe de 8 à 64 caractères comprenant une lettre et un chiffre. Vous pouvez aussi vous connecter avec Google lorsque cette option est proposée.`,
    },
    'demo-vs-real': {
      question: 'Quelle est la différence entre le compte démo et le compte réel ?',
      answer: `Le compte démo trade avec {{demoGrantUSDT}} USDT virtuels sans valeur : il sert à s'entraîner. Le compte réel utilise les fonds que vous déposez. Votre choix est mémorisé et s'applique à tous les écrans ; modifiez-le depuis votre page de compte. Le trading intelligent n'est disponible qu'avec le compte réel.`,
    },
    deposits: {
      question: 'Comment effectuer un dépôt ?',
      answer: `Ouvrez **Compte → Solde → Dépôt**, choisissez USDT, BTC ou ETH et envoyez les cryptomonnaies à l'adresse indiquée. Saisissez ensuite le montant et le hash de la transaction, puis téléversez le justificatif de paiement. Minimums : {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH. Votre dépôt est crédité après examen ; vous pouvez suivre son statut dans votre historique.`,
    },
    'withdrawals-fees': {
      question: 'Comment fonctionnent les retraits et combien coûtent-ils ?',
      answer: `Choisissez la cryptomonnaie et le réseau, saisissez l'adresse de réception et le montant. Les frais de retrait sont de {{withdrawFeePercent}} du montant, et l'écran indique ce que vous recevrez réellement avant votre confirmation. Le montant est bloqué pendant l'examen du retrait ; si celui-ci est refusé, il revient sur votre solde.`,
    },
    prices: {
      question: "D'où viennent les prix ? Sont-ils réels ?",
      answer: `Les prix proviennent d'un flux de marché configuré. Le flux intégré à la plateforme est un **simulateur** : ses prix sont générés, ce ne sont pas de vrais prix de bourse, et chaque prix qu'il produit porte la mention « simulé ». Lorsque l'exploitant connecte un véritable flux de bourse, les prix proviennent de cette bourse. Personne ne peut fixer un prix à la main.`,
    },
    kyc: {
      question: 'Pourquoi et comment vérifier mon identité (KYC) ?',
      answer: `La vérification d'identité est nécessaire pour les prêts et certaines limites plus élevées. Saisissez votre nom, votre date de naissance, votre pays et votre adresse, choisissez carte d'identité, passeport ou permis de conduire, puis téléversez le recto, le verso, une photo de vous tenant le document et votre signature. Le résultat arrive normalement sous 48 heures. En cas de refus, vous pouvez corriger et soumettre à nouveau. Vos documents ne sont vus que par vous et les vérificateurs.`,
    },
    loans: {
      question: 'Comment fonctionnent les prêts ?',
      answer: `Les prêts sont garantis par des cryptomonnaies et exigent une identité vérifiée et un contrat de prêt signé. Avant d'emprunter, l'écran indique le montant, la durée en jours, le taux journalier, les intérêts totaux et la date de remboursement. En cas de retard, les intérêts continuent de courir à un taux de retard plus élevé : remboursez à temps.`,
    },
    'smart-plans': {
      question: "Qu'est-ce qu'un plan intelligent ?",
      answer: `Un plan intelligent place un montant pendant un nombre de jours fixe et verse, tant qu'il court, le rendement journalier indiqué dans le produit. Vous voyez le profit attendu avant d'y souscrire. Une sortie anticipée retient une part du capital à titre de pénalité et réduit vos revenus. Les plans intelligents exigent un compte réel et ne sont pas sans risque.`,
    },
    security: {
      question: 'Comment protéger mon compte ?',
      answer: `Utilisez un mot de passe que vous n'utilisez nulle part ailleurs et ne communiquez jamais ce mot de passe ni un code de vérification : notre personnel ne vous les demandera jamais. Déconnectez-vous sur les appareils partagés. Si vous pensez qu'une autre personne a utilisé votre compte, changez votre mot de passe : cela ferme vos autres sessions.`,
    },
  },
  notices: {
    welcome: {
      title: 'Bienvenue sur la plateforme',
      body: `Merci de nous avoir rejoints. Commencez par le compte démo pour découvrir le trading avec des fonds virtuels, puis passez à votre compte réel quand vous êtes prêt. Le [centre d'aide](/help) répond aux questions les plus fréquentes.`,
    },
    'simulated-feed': {
      title: "Les prix sont simulés tant qu'aucun flux en direct n'est connecté",
      body: `Tant que l'exploitant n'a pas connecté de flux de bourse en direct, les prix de cette plateforme proviennent du simulateur intégré et portent la mention « simulé ». Ce ne sont pas de vrais prix de marché.`,
    },
    'review-times': {
      title: "Délais d'examen des dépôts, des retraits et de la vérification",
      body: `Les dépôts et les retraits sont examinés avant d'être finalisés, et les vérifications d'identité obtiennent normalement un résultat sous 48 heures. Vous pouvez suivre le statut de chaque demande dans votre historique.`,
    },
  },
};
