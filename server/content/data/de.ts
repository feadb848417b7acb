import type { LanguagePack } from './structure.ts';

/** German. */
export const de: LanguagePack = {
  pages: {
    'about-us': {
      title: 'Über uns',
      body: `Wir betreiben eine Online-Plattform, auf der Sie Krypto-, Devisen-, Aktien-, ETF- und Futures-Märkte verfolgen, mit einem Demokonto üben und mit einem Echtgeldkonto handeln, an Smart-Plänen teilnehmen, Kredite gegen Krypto aufnehmen und Charity-NFTs kaufen können.

## Wofür wir stehen
- Kurse stammen ausschließlich aus dem Marktdaten-Feed. Wenn der eingebaute Simulator läuft, sind die Kurse als „simuliert“ gekennzeichnet.
- Jede Bewegung Ihres Geldes wird erfasst und ist für Sie mit Status und Grund sichtbar.
- Niemand auf der Plattform kann einen Kurs festlegen, das Ergebnis eines Handels bestimmen oder ein Guthaben ohne erfasste Buchung ändern.

Der Dienst ist in zehn Sprachen verfügbar. Fragen? Öffnen Sie den [Online-Support](/help) oder lesen Sie die [FAQ](/help/faq).`,
    },
    contact: {
      title: 'Kontakt',
      body: `Am schnellsten erreichen Sie uns über die Online-Support-Schaltfläche oben auf jeder Seite. Unser Team antwortet in der Reihenfolge, in der die Nachrichten eingehen.

## Bevor Sie schreiben
- Halten Sie Ihren Benutzernamen bereit. Senden Sie niemals Ihr Passwort oder einen Bestätigungscode: Wir fragen nie danach.
- Geben Sie bei einer Ein- oder Auszahlung Zeitpunkt und Betrag an, und wenn vorhanden den Transaktions-Hash.

Viele Antworten finden Sie bereits in den [FAQ](/help/faq) und in den [Mitteilungen](/help/notice).`,
    },
    'licence-supervision': {
      title: 'Lizenz und Aufsicht',
      body: `Handelsdienstleistungen und Kredite können in dem Land, in dem sie angeboten werden, eine Lizenz erfordern. Der Betreiber dieser Website ist dafür verantwortlich, die erforderlichen Lizenzen zu besitzen und hier den Namen jeder zuständigen Aufsichtsbehörde sowie die Lizenz- oder Registrierungsnummer zu veröffentlichen.

**Wenn auf dieser Seite keine Lizenzangaben stehen, gehen Sie nicht davon aus, dass der Dienst reguliert ist oder dass Ihr Geld durch eine Anlegerschutz- oder Entschädigungseinrichtung gedeckt ist.**

Den Status eines Unternehmens können Sie direkt bei der Aufsichtsbehörde Ihres Landes prüfen.`,
    },
    'online-support': {
      title: 'Online-Support',
      body: `Der Online-Support verbindet Sie in einem Chatfenster mit unserem Team. Öffnen Sie ihn über die Support-Schaltfläche oben auf der Seite; blockiert Ihr Browser das neue Fenster, öffnet sich der Chat im selben Tab.

## Wobei wir helfen
- Ihr Konto, die Anmeldung und Bestätigungscodes
- Ein- und Auszahlungen und ihr Prüfstatus
- Identitätsprüfung (KYC), Kredite und Smart-Pläne

Support-Mitarbeiter fragen nie nach Ihrem Passwort oder Bestätigungscodes und können weder Kurse noch Handelsergebnisse oder Guthaben ändern.`,
    },
    terms: {
      title: 'Nutzungsbedingungen',
      body: `Diese Bedingungen gelten, wenn Sie diese Plattform nutzen. Mit Ihrer Registrierung bestätigen Sie, dass Sie sie gelesen haben.

## Ihr Konto
- Sie müssen volljährig sein und die Dienste nach dem Recht Ihres Landes nutzen dürfen.
- Halten Sie Passwort und Bestätigungscodes geheim. Sie sind für alles verantwortlich, was mit Ihrem Konto geschieht.
- Eine Person, ein Konto. Ihre Angaben müssen wahr sein.

## Unsere Dienste
- Das Demokonto nutzt virtuelles Guthaben ohne Wert. Das Echtgeldkonto nutzt Ihr eigenes Geld.
- Ein- und Auszahlungen werden vor dem Abschluss geprüft. Gebühren werden vor Ihrer Bestätigung angezeigt.
- Wir können einen Dienst ablehnen oder aussetzen, wenn das Gesetz es verlangt oder um Nutzer zu schützen.

## Risiko
Handel, Hebel, Smart-Pläne und Kredite bergen Verlustrisiken. Lesen Sie vor der Nutzung den [Risikohinweis](page:risk-warning).`,
    },
    privacy: {
      title: 'Datenschutzerklärung',
      body: `Wir erheben nur, was wir für die Führung Ihres Kontos und die Erfüllung gesetzlicher Pflichten benötigen.

## Was wir speichern
- Kontodaten: Benutzername, E-Mail-Adresse oder Telefonnummer, Sprache und Einstellungen.
- Geldbewegungen: Ein- und Auszahlungen, Aufträge, Kredite und Buchungen.
- Identitätsprüfung: Ihr Name, Geburtsdatum, Ihre Adresse, Fotos der Dokumente und Ihre Unterschrift.
- Sicherheitsdaten: Anmeldezeiten, IP-Adressen und Geräte.

## Wie wir sie schützen
Passwörter werden nur als sichere Hashes gespeichert. Ausweisdokumente und Zahlungsnachweise sind privat: Nur Sie und die prüfenden Mitarbeiter können sie öffnen. Wir verkaufen Ihre Daten nicht.

Über den Online-Support können Sie Auskunft über Ihre Daten oder deren Berichtigung verlangen.`,
    },
    'cookie-policy': {
      title: 'Cookie-Richtlinie',
      body: `Diese Website speichert nur, was sie zum Funktionieren braucht.

- Ihr Sitzungstoken, damit Sie angemeldet bleiben.
- Ihre Sprache, die Wahl zwischen Demo- und Echtgeldkonto und ob Sie die Begrüßungstafel geschlossen haben.

Wir verwenden keine Werbe- oder Tracking-Cookies. Wenn Sie den Browserspeicher löschen, werden Sie abgemeldet und diese Einstellungen zurückgesetzt.`,
    },
    disclaimer: {
      title: 'Haftungsausschluss',
      body: `Die Informationen auf dieser Plattform, einschließlich Kursen, Charts, Kennzahlen und Artikeln, dienen nur der allgemeinen Information und sind keine Anlage-, Rechts- oder Steuerberatung.

Kurse können verzögert oder unterbrochen sein. Wenn der eingebaute Simulator läuft, sind sie simuliert und so gekennzeichnet; simulierte Kurse sind keine echten Marktkurse.

Sie entscheiden selbst über Ihre Trades und Anlagen. Frühere Ergebnisse, auch die Tagesrenditen von Smart-Plänen, sind keine Garantie für künftige Ergebnisse.`,
    },
    'risk-warning': {
      title: 'Risikohinweis',
      body: `**Beim Handel mit Hebel können Sie schnell Geld verlieren, bis hin zum gesamten eingesetzten Betrag.**

- Krypto-Assets, Devisen, Aktien, ETFs, Futures und Optionen können stark schwanken. Kurse können springen, sodass ein Stop-Loss zu einem schlechteren Kurs als eingestellt ausgeführt werden kann.
- Ein Hebel vervielfacht Gewinne und Verluste.
- Bei Smart-Plänen und Krediten besteht das Risiko, dass der Wert von Krypto fällt. Ein vorzeitiger Ausstieg aus einem Smart-Plan kostet einen Teil des Kapitals.
- Ergebnisse im Demokonto beruhen auf virtuellem Guthaben und sagen nichts über echte Ergebnisse aus.

Handeln Sie nur mit Geld, dessen Verlust Sie sich leisten können. Holen Sie im Zweifel unabhängigen Rat ein.`,
    },
    'legal-information': {
      title: 'Rechtliche Hinweise',
      body: `Diese Website wird von dem Unternehmen betrieben, das auf der Seite [Lizenz und Aufsicht](page:licence-supervision) genannt ist. Dort sind seine Registerdaten und etwaige Lizenzen veröffentlicht.

Die Texte der Plattform, die [Nutzungsbedingungen](page:terms), die [Datenschutzerklärung](page:privacy) und diese Seite liegen in zehn Sprachen vor. Bei Abweichungen gilt die englische Fassung.

Die Dienste werden möglicherweise nicht in jedem Land angeboten. Sie sind verpflichtet zu prüfen, ob ihre Nutzung an Ihrem Wohnort erlaubt ist.`,
    },
    'about-advertising': {
      title: 'Über Werbung',
      body: `Unsere Werbung muss fair, klar und nicht irreführend sein.

- Die Kennzahlen auf unserer Startseite (registrierte Nutzer, gelistete Märkte, 24-Stunden-Volumen, Gebührenobergrenze) werden aus den eigenen Daten der Plattform berechnet, nicht eingetippt.
- Werbung verspricht niemals Gewinne. Beispielrenditen sind als Beispiel gekennzeichnet.
- Wir bezahlen niemanden dafür, Handelsergebnisse als typisch darzustellen.

Wenn Sie Werbung in unserem Namen sehen, die gegen diese Regeln verstößt, teilen Sie es bitte dem Online-Support mit.`,
    },
    'simulated-prices-statement': {
      title: 'Erklärung zu den Kursen',
      body: `Die Kurse auf dieser Plattform stammen aus einem konfigurierten Marktdaten-Feed. Standardmäßig ist dieser Feed ein in die Plattform eingebauter **Simulator**: Seine Kurse werden erzeugt, nicht von einer Börse übernommen, und sind überall, wo sie erscheinen, als „simuliert“ gekennzeichnet.

Verbindet der Betreiber einen echten Börsen-Feed, stammen die Kurse von dieser Börse. Fällt der Feed aus, sind die betroffenen Märkte nicht mehr handelbar, bis neue Kurse eintreffen; niemand setzt Kurse von Hand.`,
    },
    'demo-account-statement': {
      title: 'Erklärung zum Demokonto',
      body: `Jeder neue Nutzer erhält ein Demokonto mit {{demoGrantUSDT}} virtuellen USDT. Demo-Guthaben hat keinen Wert, kann nicht ausgezahlt werden und wird getrennt von echtem Geld geführt.

Demokonten können weder Smart Trading noch andere Funktionen nutzen, die echtes Geld erfordern. Sie können jederzeit zwischen Demo- und Echtgeldkonto wechseln; die Wahl gilt für alle Bildschirme.`,
    },
    'fees-statement': {
      title: 'Erklärung zu den Gebühren',
      body: `- Auszahlungen: {{withdrawFeePercent}} des Betrags; der Betrag, den Sie erhalten, wird vor Ihrer Bestätigung angezeigt.
- Mindesteinzahlungen: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH.
- Gebühren und Zinsen von Trades, Smart-Plänen und Krediten werden auf deren Bestätigungsbildschirmen angezeigt.

Es gibt keine versteckten Gebühren: Jede Gebühr ist ein eigener Eintrag in Ihren Umsätzen.`,
    },
    'charity-nft-statement': {
      title: 'Erklärung zu Charity-NFTs',
      body: `Die Erlöse aus dem Verkauf von Charity-NFTs werden an eine Kinderhilfsorganisation gespendet. Jedes NFT zeigt seinen Urheber, die Chain, die Vertragsadresse und die bisherige Spendensumme.

Der Kauf eines NFT ist ein an eine Spende gebundener Kauf, keine Geldanlage: Sein Wiederverkaufswert kann null sein.`,
    },
  },
  faq: {
    account: {
      question: 'Wie eröffne ich ein Konto?',
      answer: `Tippen Sie auf **Registrieren** und registrieren Sie sich mit Ihrer E-Mail-Adresse oder Telefonnummer. Wir senden Ihnen einen Bestätigungscode; geben Sie ihn zusammen mit einem Passwort aus 8 bis 64 Zeichen mit mindestens einem Buchstaben und einer Ziffer ein. Wo angeboten, können Sie sich auch mit Google anmelden.`,
    },
    'demo-vs-real': {
      question: 'Was ist der Unterschied zwischen Demo- und Echtgeldkonto?',
      answer: `Das Demokonto handelt mit {{demoGrantUSDT}} virtuellen USDT ohne Wert: Es dient zum Üben. Das Echtgeldkonto nutzt das Geld, das Sie einzahlen. Ihre Wahl wird gespeichert und gilt für alle Bildschirme; Sie ändern sie auf Ihrer Kontoseite. Smart Trading ist nur mit dem Echtgeldkonto verfügbar.`,
    },
    deposits: {
      question: 'Wie zahle ich ein?',
      answer: `Öffnen Sie **Konto → Guthaben → Einzahlen**, wählen Sie USDT, BTC oder ETH und senden Sie die Coins an die angezeigte Adresse. Geben Sie dann Betrag und Transaktions-Hash ein und laden Sie den Zahlungsnachweis hoch. Mindestbeträge: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH. Ihre Einzahlung wird nach der Prüfung gutgeschrieben; den Status sehen Sie in Ihren Umsätzen.`,
    },
    'withdrawals-fees': {
      question: 'Wie funktionieren Auszahlungen und was kosten sie?',
      answer: `Wählen Sie Coin und Netzwerk, geben Sie die Empfangsadresse und den Betrag ein. Die Auszahlungsgebühr beträgt {{withdrawFeePercent}} des Betrags, und der Bildschirm zeigt vor Ihrer Bestätigung, was Sie tatsächlich erhalten. Während der Prüfung wird der Betrag zurückgehalten; wird die Auszahlung abgelehnt, fließt er auf Ihr Guthaben zurück.`,
    },
    prices: {
      question: 'Woher kommen die Kurse? Sind sie echt?',
      answer: `Die Kurse stammen aus einem konfigurierten Marktdaten-Feed. Der in die Plattform eingebaute Feed ist ein **Simulator**: Seine Kurse werden erzeugt, sind keine echten Börsenkurse, und jeder von ihm erzeugte Kurs ist als „simuliert“ gekennzeichnet. Verbindet der Betreiber einen echten Börsen-Feed, stammen die Kurse stattdessen von dieser Börse. Niemand kann einen Kurs von Hand setzen.`,
    },
    kyc: {
      question: 'Warum und wie bestätige ich meine Identität (KYC)?',
      answer: `Die Identitätsprüfung ist für Kredite und einige höhere Limits nötig. Geben Sie Name, Geburtsdatum, Land und Adresse ein, wählen Sie Personalausweis, Reisepass oder Führerschein und laden Sie Vorderseite, Rückseite, ein Foto mit dem Dokument in der Hand und Ihre Unterschrift hoch. Ein Ergebnis liegt in der Regel innerhalb von 48 Stunden vor. Wird die Prüfung nicht bestanden, können Sie korrigieren und erneut einreichen. Ihre Dokumente sehen nur Sie und die Prüfer.`,
    },
    loans: {
      question: 'Wie funktionieren Kredite?',
      answer: `Kredite sind durch Krypto besichert und erfordern eine bestätigte Identität und einen unterschriebenen Kreditvertrag. Vor der Aufnahme zeigt der Bildschirm Betrag, Laufzeit in Tagen, Tageszins, Gesamtzinsen und Rückzahlungsdatum. Bei verspäteter Rückzahlung laufen Zinsen zu einem höheren Verzugszins weiter, zahlen Sie also pünktlich zurück.`,
    },
    'smart-plans': {
      question: 'Was ist ein Smart-Plan?',
      answer: `Ein Smart-Plan legt einen Betrag für eine feste Anzahl von Tagen an und zahlt während der Laufzeit die im Produkt angegebene Tagesrendite. Den erwarteten Gewinn sehen Sie vor der Teilnahme. Ein vorzeitiger Ausstieg zieht einen Teil des Kapitals als Vertragsstrafe ab und verringert Ihren Ertrag. Smart-Pläne erfordern ein Echtgeldkonto und sind nicht risikofrei.`,
    },
    security: {
      question: 'Wie schütze ich mein Konto?',
      answer: `Verwenden Sie ein Passwort, das Sie nirgendwo sonst nutzen, und geben Sie es oder einen Bestätigungscode niemals weiter: Unsere Mitarbeiter fragen nie danach. Melden Sie sich auf gemeinsam genutzten Geräten ab. Wenn Sie vermuten, dass jemand anderes Ihr Konto genutzt hat, ändern Sie Ihr Passwort: Damit werden Ihre anderen Sitzungen beendet.`,
    },
  },
  notices: {
    welcome: {
      title: 'Willkommen auf der Plattform',
      body: `Vielen Dank für Ihre Anmeldung. Lernen Sie zuerst mit dem Demokonto und virtuellem Guthaben, wie der Handel funktioniert, und wechseln Sie zu Ihrem Echtgeldkonto, wenn Sie bereit sind. Das [Hilfe-Center](/help) beantwortet die häufigsten Fragen.`,
    },
    'simulated-feed': {
      title: 'Kurse sind simuliert, bis ein Live-Feed verbunden ist',
      body: `Bis der Betreiber einen Live-Börsen-Feed verbindet, stammen die Kurse auf dieser Plattform aus dem eingebauten Simulator und sind als „simuliert“ gekennzeichnet. Sie sind keine echten Marktkurse.`,
    },
    'review-times': {
      title: 'Prüfzeiten für Einzahlungen, Auszahlungen und Identitätsprüfung',
      body: `Ein- und Auszahlungen werden vor dem Abschluss geprüft, und Identitätsprüfungen erhalten in der Regel innerhalb von 48 Stunden ein Ergebnis. Den Status jeder Anfrage sehen Sie in Ihren Umsätzen.`,
    },
  },
};
