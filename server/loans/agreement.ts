/**
 * The loan agreement the borrower reads and signs (docs/loans.md). Its version is stored with
 * every loan; a submission naming another version is refused (10121), so nobody signs a text
 * they were not shown. Changing any wording here means a new AGREEMENT_VERSION.
 */
import type { Language } from '../../src/contract/constants.ts';

export const AGREEMENT_VERSION = '2026-11-23.1';

type Slots = 'dailyRate' | 'free' | 'overlay' | 'initial' | 'warning' | 'marginCall' | 'liquidation' | 'fee' | 'overdueDays';

const TEXTS: Record<Language, string[]> = {
  en: [
    'Loan agreement between you (the borrower) and the platform (the lender).',
    '1. The lender lends you the amount in USDT shown on the loan page for the number of days you chose. The loan is paid into your available balance once two operators have approved it.',
    '2. As security you pledge the collateral shown (BTC or ETH). It is moved to your loan collateral when you submit and stays there until the loan is repaid, rejected or liquidated.',
    '3. Interest is {dailyRate}% of the outstanding principal per day, charged once a day. The first {free} days are free of interest. After the due date the rate is {overlay}% per day.',
    '4. You may repay all or part of the debt at any time without a fee. Each repayment pays the accrued interest first, then the principal. When the debt is repaid in full, the collateral is returned to your available balance.',
    '5. The loan-to-value ratio (LTV) is the debt divided by the value of the collateral at the live market price. It starts at most at {initial}%. You are warned at {warning}% and receive a margin call at {marginCall}%.',
    '6. At {liquidation}% LTV the lender sells just enough collateral at the market price to bring the LTV back to {initial}%, plus a fee of {fee}% of the debt repaid. If the loan is {overdueDays} days overdue, or the collateral no longer covers the debt, all collateral is sold, the debt and a fee of {fee}% of it are paid, and the rest is returned to you.',
    '7. By drawing your signature and typing your full name you confirm that you have read and accept this agreement.',
  ],
  ja: [
    'お客様（借り手）とプラットフォーム（貸し手）との間のローン契約。',
    '1. 貸し手は、ローン画面に表示されたUSDT金額を、お客様が選んだ日数の間お貸しします。2名のオペレーターが承認した時点で、利用可能残高に入金されます。',
    '2. 担保として、表示された担保（BTCまたはETH）を差し入れます。申込時にローン担保へ移され、返済・却下・清算まで保持されます。',
    '3. 利息は未返済元本の1日あたり{dailyRate}%で、1日1回計上されます。最初の{free}日間は無利息です。返済期日以降の利率は1日あたり{overlay}%です。',
    '4. 債務の全部または一部をいつでも手数料なしで返済できます。返済はまず未払利息に、次に元本に充当されます。全額返済すると担保は利用可能残高に戻ります。',
    '5. LTV（担保掛目）は、債務を市場価格での担保評価額で割った値です。開始時は最大{initial}%です。{warning}%で警告、{marginCall}%でマージンコールが通知されます。',
    '6. LTVが{liquidation}%に達すると、貸し手はLTVを{initial}%に戻すのに必要な分だけ担保を市場価格で売却し、返済された債務の{fee}%を手数料とします。返済期日を{overdueDays}日過ぎた場合、または担保が債務を賄えなくなった場合は、担保をすべて売却し、債務とその{fee}%の手数料を差し引いた残りをお返しします。',
    '7. 署名を描き氏名を入力することで、本契約を読み、同意したことを確認します。',
  ],
  ko: [
    '귀하(차입자)와 플랫폼(대출자) 간의 대출 계약.',
    '1. 대출자는 대출 화면에 표시된 USDT 금액을 귀하가 선택한 기간 동안 빌려 드립니다. 두 명의 운영자가 승인하면 사용 가능 잔액으로 지급됩니다.',
    '2. 담보로 표시된 담보(BTC 또는 ETH)를 제공합니다. 신청 시 대출 담보로 옮겨지며 상환, 거절 또는 청산될 때까지 유지됩니다.',
    '3. 이자는 미상환 원금의 하루 {dailyRate}%이며 하루 한 번 부과됩니다. 처음 {free}일은 무이자입니다. 만기일 이후의 이율은 하루 {overlay}%입니다.',
    '4. 언제든지 수수료 없이 채무의 전부 또는 일부를 상환할 수 있습니다. 상환금은 먼저 발생 이자에, 그다음 원금에 충당됩니다. 전액 상환하면 담보는 사용 가능 잔액으로 반환됩니다.',
    '5. LTV(담보인정비율)는 채무를 시장 가격 기준 담보 가치로 나눈 값입니다. 시작 시 최대 {initial}%입니다. {warning}%에서 경고, {marginCall}%에서 마진콜을 받습니다.',
    '6. LTV가 {liquidation}%에 이르면 대출자는 LTV를 {initial}%로 되돌리는 데 필요한 만큼만 담보를 시장 가격에 매각하고, 상환된 채무의 {fee}%를 수수료로 받습니다. 만기 후 {overdueDays}일이 지나거나 담보가 채무를 충당하지 못하면 모든 담보를 매각하여 채무와 그 {fee}%의 수수료를 지급하고 나머지를 귀하에게 돌려드립니다.',
    '7. 서명을 그리고 성명을 입력함으로써 귀하는 본 계약을 읽고 동의함을 확인합니다.',
  ],
  de: [
    'Darlehensvertrag zwischen Ihnen (Darlehensnehmer) und der Plattform (Darlehensgeber).',
    '1. Der Darlehensgeber leiht Ihnen den auf der Kreditseite angezeigten Betrag in USDT für die gewählte Anzahl von Tagen. Das Darlehen wird Ihrem verfügbaren Guthaben gutgeschrieben, sobald zwei Operatoren es genehmigt haben.',
    '2. Als Sicherheit verpfänden Sie die angezeigte Sicherheit (BTC oder ETH). Sie wird bei der Einreichung in Ihre Darlehenssicherheit verschoben und bleibt dort, bis das Darlehen zurückgezahlt, abgelehnt oder liquidiert ist.',
    '3. Die Zinsen betragen {dailyRate} % des ausstehenden Kapitals pro Tag und werden einmal täglich berechnet. Die ersten {free} Tage sind zinsfrei. Nach dem Fälligkeitsdatum beträgt der Satz {overlay} % pro Tag.',
    '4. Sie können die Schuld jederzeit ganz oder teilweise ohne Gebühr zurückzahlen. Jede Rückzahlung tilgt zuerst die aufgelaufenen Zinsen, dann das Kapital. Ist die Schuld vollständig getilgt, wird die Sicherheit Ihrem verfügbaren Guthaben gutgeschrieben.',
    '5. Der Beleihungsauslauf (LTV) ist die Schuld geteilt durch den Wert der Sicherheit zum aktuellen Marktpreis. Er beträgt zu Beginn höchstens {initial} %. Bei {warning} % werden Sie gewarnt, bei {marginCall} % erhalten Sie einen Margin Call.',
    '6. Bei {liquidation} % LTV verkauft der Darlehensgeber gerade so viel Sicherheit zum Marktpreis, dass der LTV wieder {initial} % beträgt, zuzüglich einer Gebühr von {fee} % der getilgten Schuld. Ist das Darlehen {overdueDays} Tage überfällig oder deckt die Sicherheit die Schuld nicht mehr, wird die gesamte Sicherheit verkauft, die Schuld und eine Gebühr von {fee} % davon werden beglichen und der Rest wird Ihnen zurückgegeben.',
    '7. Mit Ihrer gezeichneten Unterschrift und Ihrem eingegebenen vollständigen Namen bestätigen Sie, dass Sie diesen Vertrag gelesen haben und annehmen.',
  ],
  fr: [
    'Contrat de prêt entre vous (l’emprunteur) et la plateforme (le prêteur).',
    '1. Le prêteur vous prête le montant en USDT affiché sur la page du prêt pour le nombre de jours choisi. Le prêt est versé sur votre solde disponible une fois approuvé par deux opérateurs.',
    '2. En garantie, vous nantissez la garantie affichée (BTC ou ETH). Elle est transférée vers votre garantie de prêt lors de la demande et y reste jusqu’au remboursement, au refus ou à la liquidation du prêt.',
    '3. Les intérêts sont de {dailyRate} % du principal restant dû par jour, comptés une fois par jour. Les {free} premiers jours sont sans intérêts. Après l’échéance, le taux est de {overlay} % par jour.',
    '4. Vous pouvez rembourser tout ou partie de la dette à tout moment sans frais. Chaque remboursement règle d’abord les intérêts courus, puis le principal. Une fois la dette entièrement remboursée, la garantie revient sur votre solde disponible.',
    '5. Le ratio prêt-valeur (LTV) est la dette divisée par la valeur de la garantie au prix du marché. Il est au plus de {initial} % au départ. Vous êtes averti à {warning} % et recevez un appel de marge à {marginCall} %.',
    '6. À {liquidation} % de LTV, le prêteur vend au prix du marché juste assez de garantie pour ramener le LTV à {initial} %, plus des frais de {fee} % de la dette remboursée. Si le prêt a {overdueDays} jours de retard, ou si la garantie ne couvre plus la dette, toute la garantie est vendue, la dette et des frais de {fee} % de celle-ci sont payés et le reste vous est restitué.',
    '7. En dessinant votre signature et en saisissant votre nom complet, vous confirmez avoir lu et accepté ce contrat.',
  ],
  it: [
    'Contratto di prestito tra te (il mutuatario) e la piattaforma (il mutuante).',
    '1. Il mutuante ti presta l’importo in USDT indicato nella pagina del prestito per il numero di giorni scelto. Il prestito viene accreditato sul saldo disponibile dopo l’approvazione di due operatori.',
    '2. A garanzia costituisci in pegno la garanzia indicata (BTC o ETH). Viene spostata nella garanzia del prestito all’invio e vi resta finché il prestito non è rimborsato, rifiutato o liquidato.',
    '3. Gli interessi sono pari al {dailyRate}% del capitale residuo al giorno, addebitati una volta al giorno. I primi {free} giorni sono senza interessi. Dopo la scadenza il tasso è del {overlay}% al giorno.',
    '4. Puoi rimborsare in tutto o in parte il debito in qualsiasi momento senza commissioni. Ogni rimborso paga prima gli interessi maturati, poi il capitale. Estinto il debito, la garanzia torna sul saldo disponibile.',
    '5. Il rapporto prestito/valore (LTV) è il debito diviso per il valore della garanzia al prezzo di mercato. All’inizio è al massimo del {initial}%. Ricevi un avviso al {warning}% e una margin call al {marginCall}%.',
    '6. Al {liquidation}% di LTV il mutuante vende al prezzo di mercato la garanzia appena sufficiente a riportare l’LTV al {initial}%, più una commissione del {fee}% del debito rimborsato. Se il prestito è scaduto da {overdueDays} giorni, o la garanzia non copre più il debito, tutta la garanzia viene venduta, si pagano il debito e una commissione del {fee}% di esso e il resto ti viene restituito.',
    '7. Disegnando la firma e digitando il nome completo confermi di aver letto e accettato questo contratto.',
  ],
  es: [
    'Contrato de préstamo entre usted (el prestatario) y la plataforma (el prestamista).',
    '1. El prestamista le presta el importe en USDT indicado en la página del préstamo durante los días elegidos. El préstamo se abona en su saldo disponible cuando dos operadores lo han aprobado.',
    '2. Como garantía usted pignora la garantía indicada (BTC o ETH). Se traslada a su garantía de préstamo al enviar la solicitud y permanece allí hasta que el préstamo se devuelva, se rechace o se liquide.',
    '3. El interés es del {dailyRate} % diario del principal pendiente, cargado una vez al día. Los primeros {free} días no devengan intereses. Tras la fecha de vencimiento el tipo es del {overlay} % diario.',
    '4. Puede devolver toda o parte de la deuda en cualquier momento sin comisión. Cada pago cubre primero los intereses devengados y después el principal. Cuando la deuda queda saldada, la garantía vuelve a su saldo disponible.',
    '5. La relación préstamo-valor (LTV) es la deuda dividida por el valor de la garantía al precio de mercado. Al inicio es como máximo del {initial} %. Recibe un aviso al {warning} % y una llamada de margen al {marginCall} %.',
    '6. Con un LTV del {liquidation} %, el prestamista vende al precio de mercado la garantía justa para devolver el LTV al {initial} %, más una comisión del {fee} % de la deuda devuelta. Si el préstamo lleva {overdueDays} días vencido, o la garantía ya no cubre la deuda, se vende toda la garantía, se pagan la deuda y una comisión del {fee} % de ella, y el resto se le devuelve.',
    '7. Al dibujar su firma y escribir su nombre completo confirma que ha leído y acepta este contrato.',
  ],
  ar: [
    'اتفاقية قرض بينك (المقترض) وبين المنصة (المُقرض).',
    '1. يُقرضك المُقرض المبلغ بعملة USDT المعروض في صفحة القرض لعدد الأيام الذي اخترته. يُودَع القرض في رصيدك المتاح بعد موافقة مشغّلَين اثنين.',
    '2. تقدّم ضمانًا هو الضمان المعروض (BTC أو ETH). يُنقل إلى ضمان القرض عند تقديم الطلب ويبقى هناك حتى سداد القرض أو رفضه أو تصفيته.',
    '3. الفائدة {dailyRate}% يوميًا من أصل القرض غير المسدَّد، تُحتسب مرة واحدة في اليوم. الأيام {free} الأولى بلا فائدة. بعد تاريخ الاستحقاق يصبح السعر {overlay}% يوميًا.',
    '4. يمكنك سداد الدين كله أو جزء منه في أي وقت دون رسوم. يُسدَّد كل دفع الفائدة المستحقة أولًا ثم أصل القرض. عند سداد الدين بالكامل يُعاد الضمان إلى رصيدك المتاح.',
    '5. نسبة القرض إلى القيمة (LTV) هي الدين مقسومًا على قيمة الضمان بسعر السوق. تبدأ بحد أقصى {initial}%. تتلقى تحذيرًا عند {warning}% وطلب تغطية هامش عند {marginCall}%.',
    '6. عند بلوغ النسبة {liquidation}% يبيع المُقرض بسعر السوق من الضمان ما يكفي فقط لإعادة النسبة إلى {initial}%، مع رسم قدره {fee}% من الدين المسدَّد. إذا تأخر القرض {overdueDays} أيام عن الاستحقاق، أو لم يعد الضمان يغطي الدين، يُباع الضمان كله ويُسدَّد الدين ورسم قدره {fee}% منه، ويُعاد الباقي إليك.',
    '7. برسم توقيعك وكتابة اسمك الكامل تؤكد أنك قرأت هذه الاتفاقية وقبلتها.',
  ],
  hk: [
    '閣下（借款人）與平台（貸款人）之間的貸款協議。',
    '1. 貸款人按貸款頁面所示的 USDT 金額及閣下選擇的天數向閣下貸款。經兩名營運人員批准後，款項存入閣下的可用餘額。',
    '2. 閣下以所示抵押品（BTC 或 ETH）作擔保。提交申請時抵押品轉入貸款抵押，直至貸款還清、被拒或平倉為止。',
    '3. 利息為未償還本金每日 {dailyRate}%，每日計算一次。首 {free} 日免息。到期日後利率為每日 {overlay}%。',
    '4. 閣下可隨時免費償還全部或部分債務。每次還款先償還應計利息，再償還本金。債務全數還清後，抵押品退回閣下的可用餘額。',
    '5. 貸款價值比（LTV）為債務除以按市場價格計算的抵押品價值。開始時最多為 {initial}%。達到 {warning}% 時會發出警告，達到 {marginCall}% 時會發出追加保證金通知。',
    '6. LTV 達到 {liquidation}% 時，貸款人按市場價格出售剛好足以令 LTV 回到 {initial}% 的抵押品，另收取所償還債務 {fee}% 的費用。如貸款逾期 {overdueDays} 日，或抵押品已不足以償還債務，將出售全部抵押品，償還債務及其 {fee}% 的費用，餘額退還閣下。',
    '7. 閣下繪畫簽名並輸入全名，即確認已閱讀並接受本協議。',
  ],
  zh: [
    '您（借款人）与平台（贷款人）之间的贷款协议。',
    '1. 贷款人按贷款页面显示的 USDT 金额和您选择的天数向您放款。经两名运营人员批准后，款项存入您的可用余额。',
    '2. 您以显示的抵押品（BTC 或 ETH）作担保。提交申请时抵押品转入贷款抵押，直到贷款还清、被拒或清算为止。',
    '3. 利息为未还本金每日 {dailyRate}%，每日计提一次。前 {free} 天免息。到期日后利率为每日 {overlay}%。',
    '4. 您可随时免费偿还全部或部分债务。每次还款先偿还应计利息，再偿还本金。债务全部还清后，抵押品退回您的可用余额。',
    '5. 贷款价值比（LTV）为债务除以按市场价格计算的抵押品价值。初始时最多为 {initial}%。达到 {warning}% 时发出警告，达到 {marginCall}% 时发出追加保证金通知。',
    '6. LTV 达到 {liquidation}% 时，贷款人按市场价格出售恰好足以使 LTV 回到 {initial}% 的抵押品，另收取所还债务 {fee}% 的费用。如贷款逾期 {overdueDays} 天，或抵押品已不足以覆盖债务，将出售全部抵押品，偿还债务及其 {fee}% 的费用，余额退还给您。',
    '7. 您绘制签名并输入全名，即确认已阅读并接受本协议。',
  ],
};

/** The agreement in `lang` with the terms' numbers filled in; paragraphs separated by blank lines. */
export function agreementText(lang: Language, slots: Record<Slots, string>): string {
  return (TEXTS[lang] ?? TEXTS.en)
    .map((p) => p.replace(/\{(\w+)\}/g, (m, k: string) => (k in slots ? slots[k as Slots] : m)))
    .join('\n\n');
}

export const AGREEMENT_LANGUAGES = Object.keys(TEXTS) as Language[];
