import type { LanguagePack } from './structure.ts';

/** Spanish. */
export const es: LanguagePack = {
  pages: {
    'about-us': {
      title: 'Quiénes somos',
      body: `Gestionamos una plataforma en línea donde puedes seguir los mercados de criptomonedas, divisas, acciones, ETF y futuros, practicar con una cuenta demo y, con una cuenta real, operar, unirte a planes inteligentes, pedir préstamos con garantía en criptomonedas y comprar NFT benéficos.

## Nuestros principios
- Los precios proceden solo del flujo de mercado. Cuando se usa el simulador integrado, los precios llevan la etiqueta «simulado».
- Cada movimiento de tu dinero queda registrado y puedes verlo, con su estado y su motivo.
- Nadie en la plataforma puede fijar un precio, elegir el resultado de una operación ni cambiar un saldo sin un asiento registrado.

El servicio está disponible en diez idiomas. ¿Tienes preguntas? Abre el [soporte en línea](/help) o lee las [preguntas frecuentes](/help/faq).`,
    },
    contact: {
      title: 'Contacto',
      body: `La forma más rápida de contactarnos es el botón de soporte en línea en la parte superior de cada página. Nuestro equipo responde por orden de llegada.

## Antes de escribir
- Ten a mano tu nombre de usuario. Nunca envíes tu contraseña ni un código de verificación: nunca te los pediremos.
- Para un depósito o un retiro, indica la hora y el importe y, si lo tienes, el hash de la transacción.

Muchas respuestas ya están en las [preguntas frecuentes](/help/faq) y en los [avisos](/help/notice).`,
    },
    'licence-supervision': {
      title: 'Licencia y supervisión',
      body: `Los servicios de trading y los préstamos pueden requerir una licencia en el país donde se ofrecen. El operador de este sitio web es responsable de tener las licencias aplicables y de publicar aquí el nombre de cada autoridad supervisora y el número de licencia o de registro.

**Si en esta página no aparecen datos de licencia, no des por hecho que el servicio está regulado ni que tu dinero está cubierto por un sistema de protección o indemnización de inversores.**

Puedes comprobar la situación de una empresa directamente con el regulador de tu país.`,
    },
    'online-support': {
      title: 'Soporte en línea',
      body: `El soporte en línea te pone en contacto con nuestro equipo en una ventana de chat. Ábrelo con el botón de soporte en la parte superior de la página; si tu navegador bloquea la ventana nueva, el chat se abre en la misma pestaña.

## Podemos ayudarte con
- Tu cuenta, el inicio de sesión y los códigos de verificación
- Depósitos, retiros y el estado de su revisión
- Verificación de identidad (KYC), préstamos y planes inteligentes

El personal de soporte nunca te pedirá tu contraseña ni tus códigos de verificación y no puede cambiar precios, resultados de operaciones ni saldos.`,
    },
    terms: {
      title: 'Términos del servicio',
      body: `Estos términos se aplican cuando usas esta plataforma. Al registrarte confirmas que los has leído.

## Tu cuenta
- Debes ser mayor de edad y estar autorizado por la ley de tu país a usar estos servicios.
- Mantén en secreto tu contraseña y tus códigos de verificación. Eres responsable de lo que se haga con tu cuenta.
- Una persona, una cuenta. La información que nos des debe ser verdadera.

## Nuestros servicios
- La cuenta demo usa fondos virtuales sin valor. La cuenta real usa tus propios fondos.
- Los depósitos y retiros se revisan antes de completarse. Las comisiones se muestran antes de que confirmes.
- Podemos rechazar o suspender un servicio cuando la ley lo exija o para proteger a los usuarios.

## Riesgo
El trading, el apalancamiento, los planes inteligentes y los préstamos implican riesgo de pérdida. Lee la [advertencia de riesgo](page:risk-warning) antes de usarlos.`,
    },
    privacy: {
      title: 'Política de privacidad',
      body: `Solo recopilamos lo que necesitamos para gestionar tu cuenta y cumplir nuestras obligaciones legales.

## Qué guardamos
- Datos de la cuenta: nombre de usuario, correo electrónico o número de teléfono, idioma y ajustes.
- Registros de dinero: depósitos, retiros, órdenes, préstamos y asientos contables.
- Verificación de identidad: tu nombre, fecha de nacimiento, dirección, fotos de los documentos y firma.
- Datos de seguridad: horas de inicio de sesión, direcciones IP y dispositivos.

## Cómo los protegemos
Las contraseñas se guardan solo como hashes seguros. Los documentos de identidad y los justificantes de pago son privados: solo tú y el personal que los revisa podéis abrirlos. No vendemos tus datos.

Puedes pedir ver o corregir tus datos a través del soporte en línea.`,
    },
    'cookie-policy': {
      title: 'Política de cookies',
      body: `Este sitio solo guarda lo que necesita para funcionar.

- Tu token de sesión, para que sigas conectado.
- Tu idioma, la elección entre cuenta demo o real y si has cerrado el panel de bienvenida.

No usamos cookies de publicidad ni de seguimiento. Si borras el almacenamiento del navegador, se cerrará tu sesión y estos ajustes se restablecerán.`,
    },
    disclaimer: {
      title: 'Aviso legal de responsabilidad',
      body: `La información de esta plataforma, incluidos precios, gráficos, cifras y artículos, se ofrece solo con fines informativos generales y no constituye asesoramiento de inversión, legal ni fiscal.

Los precios pueden retrasarse o interrumpirse. Cuando se usa el simulador integrado, son simulados y están etiquetados como tales; los precios simulados no son precios reales de mercado.

Tú decides tus operaciones e inversiones. Los resultados pasados, incluidos los rendimientos diarios de los planes inteligentes, no garantizan resultados futuros.`,
    },
    'risk-warning': {
      title: 'Advertencia de riesgo',
      body: `**Operar con apalancamiento puede hacerte perder dinero rápidamente, y puedes perder todo el dinero que inviertas.**

- Los criptoactivos, las divisas, las acciones, los ETF, los futuros y las opciones pueden moverse bruscamente. Los precios pueden dar saltos, por lo que un stop loss puede cerrarse a un precio peor que el fijado.
- El apalancamiento multiplica tanto las ganancias como las pérdidas.
- Los planes inteligentes y los préstamos conllevan el riesgo de que baje el valor de las criptomonedas. Salir antes de tiempo de un plan inteligente cuesta una parte del capital.
- Los resultados de la cuenta demo usan fondos virtuales y no predicen resultados reales.

Opera solo con dinero que puedas permitirte perder. Si tienes dudas, busca asesoramiento independiente.`,
    },
    'legal-information': {
      title: 'Información legal',
      body: `Este sitio web lo gestiona la empresa indicada en la página de [licencia y supervisión](page:licence-supervision), donde se publican sus datos registrales y sus licencias.

Los textos de la plataforma, los [términos del servicio](page:terms), la [política de privacidad](page:privacy) y esta página están disponibles en diez idiomas. Si las versiones difieren, prevalece la versión en inglés.

Es posible que los servicios no se ofrezcan en todos los países. Te corresponde comprobar que su uso está permitido donde vives.`,
    },
    'about-advertising': {
      title: 'Sobre la publicidad',
      body: `Nuestras promociones deben ser justas, claras y no engañosas.

- Las cifras de nuestra página de inicio (usuarios registrados, mercados listados, volumen de 24 horas, comisión máxima) se calculan a partir de los registros de la propia plataforma, no se escriben a mano.
- Las promociones nunca prometen beneficios. Cualquier rendimiento de ejemplo se indica como ejemplo.
- No pagamos a nadie para presentar resultados de trading como habituales.

Si ves un anuncio en nuestro nombre que incumple estas normas, avísanos a través del soporte en línea.`,
    },
    'simulated-prices-statement': {
      title: 'Declaración sobre los precios',
      body: `Los precios de esta plataforma proceden de un único flujo de mercado configurado. Por defecto, este flujo es un **simulador** integrado en la plataforma: sus precios se generan, no se toman de ninguna bolsa, y llevan la etiqueta «simulado» allí donde aparecen.

Cuando el operador conecta un flujo real de una bolsa, los precios proceden de esa bolsa. Si el flujo se detiene, los mercados afectados dejan de negociarse hasta que llegan precios nuevos; nadie fija precios a mano.`,
    },
    'demo-account-statement': {
      title: 'Declaración sobre la cuenta demo',
      body: `Cada usuario nuevo recibe una cuenta demo con {{demoGrantUSDT}} USDT virtuales. Los fondos demo no tienen valor, no se pueden retirar y se mantienen separados de los fondos reales.

Las cuentas demo no pueden usar el trading inteligente ni otras funciones que requieren fondos reales. Cambia entre la cuenta demo y la real cuando quieras; la elección se aplica a todas las pantallas.`,
    },
    'fees-statement': {
      title: 'Declaración sobre las comisiones',
      body: `- Retiros: {{withdrawFeePercent}} del importe; el importe que recibirás se muestra antes de confirmar.
- Depósitos mínimos: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH.
- Las comisiones e intereses de operaciones, planes inteligentes y préstamos se muestran en sus pantallas de confirmación.

No hay comisiones ocultas: cada comisión es un apunte independiente en tus registros.`,
    },
    'charity-nft-statement': {
      title: 'Declaración sobre los NFT benéficos',
      body: `Lo recaudado con la venta de NFT benéficos se dona a una organización benéfica infantil. Cada NFT muestra su creador, la cadena, la dirección del contrato y la donación acumulada.

Comprar un NFT es una compra vinculada a una donación, no una inversión: su valor de reventa puede ser cero.`,
    },
  },
  faq: {
    account: {
      question: '¿Cómo abro una cuenta?',
      answer: `Pulsa **Registrarse** y regístrate con tu correo electrónico o número de teléfono. Te enviamos un código de verificación; introdúcelo junto con una contraseña de 8 a 64 caracteres que contenga una letra y un dígito. Donde esté disponible, también puedes iniciar sesión con Google.`,
    },
    'demo-vs-real': {
      question: '¿Qué diferencia hay entre la cuenta demo y la real?',
      answer: `La cuenta demo opera con {{demoGrantUSDT}} USDT virtuales sin valor: sirve para practicar. La cuenta real usa los fondos que depositas. Tu elección se recuerda y se aplica a todas las pantallas; cámbiala en la página de tu cuenta. El trading inteligente solo está disponible con la cuenta real.`,
    },
    deposits: {
      question: '¿Cómo hago un depósito?',
      answer: `Abre **Cuenta → Saldo → Depositar**, elige USDT, BTC o ETH y envía las monedas a la dirección indicada. Después introduce el importe y el hash de la transacción y sube el justificante de pago. Mínimos: {{minDepositUSDT}} USDT, {{minDepositBTC}} BTC, {{minDepositETH}} ETH. Tu depósito se abona tras la revisión; puedes seguir su estado en tus registros.`,
    },
    'withdrawals-fees': {
      question: '¿Cómo funcionan los retiros y cuánto cuestan?',
      answer: `Elige la moneda y la red e introduce la dirección de recepción y el importe. La comisión de retiro es del {{withdrawFeePercent}} del importe, y la pantalla muestra lo que recibirás realmente antes de confirmar. El importe queda retenido mientras se revisa el retiro; si se rechaza, vuelve a tu saldo.`,
    },
    prices: {
      question: '¿De dónde salen los precios? ¿Son reales?',
      answer: `Los precios proceden de un único flujo de mercado configurado. El flujo integrado en la plataforma es un **simulador**: sus precios se generan, no son precios reales de bolsa, y cada precio que produce lleva la etiqueta «simulado». Cuando el operador conecta un flujo real de una bolsa, los precios proceden de esa bolsa. Nadie puede fijar un precio a mano.`,
    },
    kyc: {
      question: '¿Por qué y cómo verifico mi identidad (KYC)?',
      answer: `La verificación de identidad es necesaria para los préstamos y algunos límites más altos. Introduce tu nombre, fecha de nacimiento, país y dirección, elige documento de identidad, pasaporte o permiso de conducir y sube el anverso, el reverso, una foto sosteniendo el documento y tu firma. El resultado suele llegar en 48 horas. Si no se aprueba, puedes corregirlo y enviarlo de nuevo. Tus documentos solo los ven tú y los revisores.`,
    },
    loans: {
      question: '¿Cómo funcionan los préstamos?',
      answer: `Los préstamos están garantizados con criptomonedas y requieren identidad verificada y un contrato de préstamo firmado. Antes de pedirlo, la pantalla muestra el importe, el plazo en días, el tipo diario, los intereses totales y la fecha de devolución. Si devuelves tarde, los intereses siguen corriendo a un tipo de demora más alto, así que devuelve a tiempo.`,
    },
    'smart-plans': {
      question: '¿Qué es un plan inteligente?',
      answer: `Un plan inteligente invierte un importe durante un número fijo de días y paga, mientras está activo, el rendimiento diario indicado en el producto. Ves el beneficio esperado antes de unirte. Salir antes de tiempo descuenta una parte del capital como penalización y reduce tus ingresos. Los planes inteligentes requieren una cuenta real y no están libres de riesgo.`,
    },
    security: {
      question: '¿Cómo mantengo segura mi cuenta?',
      answer: `Usa una contraseña que no uses en ningún otro sitio y nunca la compartas, ni tampoco un código de verificación: nuestro personal nunca te los pedirá. Cierra la sesión en dispositivos compartidos. Si crees que otra persona ha usado tu cuenta, cambia la contraseña: así se cierran tus demás sesiones.`,
    },
  },
  notices: {
    welcome: {
      title: 'Te damos la bienvenida a la plataforma',
      body: `Gracias por unirte. Empieza con la cuenta demo para aprender cómo funciona el trading con fondos virtuales y cambia a tu cuenta real cuando estés listo. El [centro de ayuda](/help) responde a las preguntas más frecuentes.`,
    },
    'simulated-feed': {
      title: 'Los precios son simulados hasta que se conecte un flujo en vivo',
      body: `Hasta que el operador conecte un flujo en vivo de una bolsa, los precios de esta plataforma proceden del simulador integrado y llevan la etiqueta «simulado». No son precios reales de mercado.`,
    },
    'review-times': {
      title: 'Plazos de revisión de depósitos, retiros y verificación',
      body: `Los depósitos y los retiros se revisan antes de completarse, y las verificaciones de identidad suelen tener resultado en 48 horas. Puedes seguir el estado de cada solicitud en tus registros.`,
    },
  },
};
