import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Direction } from '../../contract/optionsMath.ts';
import { ENTRY_KINDS, PENDING_VALIDITY_CHOICES } from '../../contract/pendingOrders.ts';
import type { OptionsProduct } from '../../contract/trading.ts';
import type { TicketField } from '../../machines/trading/orderTicket.ts';
import { BookBadge, Figure } from './parts.tsx';
import { money, periodLabel, signed, stepLots, toneOf } from './figures.ts';
import type { OrderDraft, TicketForm } from './useOrderDraft.ts';
import styles from './trade.module.css';

/** The fields of the order ticket (src/views/trading/TradePanel.tsx), each with the problem of its rule. */

/** A field's problem for assistive technology: marked invalid and pointed at the line that says why. */
export const problemAria = (field: TicketField | null, f: TicketField, describedBy: string) => ({
  'aria-invalid': field === f || undefined,
  'aria-describedby': field === f ? describedBy : undefined,
});

/** A row of chips of which one is chosen (leverage, period, entry kind, validity). */
export function ChoiceChips<T extends string | number>({
  legend,
  choices,
  chosen,
  onChoose,
  label,
  testId,
  numeric = false,
}: {
  legend: string;
  choices: readonly T[];
  chosen: T;
  onChoose: (choice: T) => void;
  label: (choice: T) => string;
  testId: (choice: T) => string;
  numeric?: boolean;
}) {
  return (
    <fieldset className={styles.chipsField}>
      <legend>{legend}</legend>
      <div className={styles.chips}>
        {choices.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={chosen === c}
            onClick={() => onChoose(c)}
            data-testid={testId(c)}
            className={numeric ? 'num' : undefined}
          >
            {label(c)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Up or down. */
export function SidePicker({ direction, onDirection }: { direction: Direction; onDirection: (d: Direction) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sides} role="radiogroup" aria-label={t('orders.side')}>
      {(['up', 'down'] as const).map((d) => (
        <button
          key={d}
          type="button"
          role="radio"
          aria-checked={direction === d}
          className={styles.side}
          data-dir={d}
          onClick={() => onDirection(d)}
          data-testid={`side-${d}`}
        >
          {t(`orders.dir.${d}`)}
        </button>
      ))}
    </div>
  );
}

/** At the market or at a level: the kind of entry, and for a pending order its level and how long it waits. */
export function EntryFields({ form, direction, price }: { form: TicketForm; direction: Direction; price: string }) {
  const { t, i18n } = useTranslation();
  const { entry } = form;
  return (
    <>
      <ChoiceChips
        legend={t('orders.pending.entry')}
        choices={['market', ...ENTRY_KINDS] as const}
        chosen={entry}
        onChoose={form.setEntry}
        label={(k) => t(`orders.pending.kindShort.${k}`)}
        testId={(k) => `entry-${k}`}
      />
      {entry !== 'market' && (
        <>
          <label className={styles.field}>
            <span>
              {t(`orders.pending.kind.${entry}`)}{' '}
              <small className={styles.hint}>{t(`orders.pending.kindHint.${entry}.${direction}`)}</small>
            </span>
            <input
              inputMode="decimal"
              value={form.entryPrice}
              onChange={(e) => form.setEntryPrice(e.target.value.trim())}
              placeholder={price}
              data-testid="entry-price"
            />
          </label>
          <ChoiceChips
            legend={t('orders.pending.validity')}
            choices={PENDING_VALIDITY_CHOICES}
            chosen={form.validity}
            onChoose={form.setValidity}
            label={(v) => periodLabel(v, i18n.language)}
            testId={(v) => `validity-${v}`}
          />
        </>
      )}
    </>
  );
}

/** The leverage and the period of the contract, from the product's choices. */
export function TermsFields({ form, product }: { form: TicketForm; product: OptionsProduct }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ChoiceChips
        legend={t('orders.leverage')}
        choices={product.leverageChoices}
        chosen={form.leverage}
        onChoose={form.setLeverage}
        label={(l) => `${l}×`}
        testId={(l) => `leverage-${l}`}
        numeric
      />
      <ChoiceChips
        legend={t('orders.period')}
        choices={product.periodChoices}
        chosen={form.period}
        onChoose={form.setPeriod}
        label={(p) => periodLabel(p, i18n.language)}
        testId={(p) => `period-${p}`}
      />
    </>
  );
}

/** How many lots, typed or stepped by the product's lot step. */
export function LotsField({
  form,
  product,
  field,
  problem,
}: {
  form: TicketForm;
  product: OptionsProduct;
  field: TicketField | null;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const { lots, setLots } = form;
  return (
    <label className={styles.field}>
      <span>
        {t('orders.lots')} <small className={styles.hint}>{t('orders.lotStep', { step: product.lotStep })}</small>
      </span>
      <span className={styles.stepper}>
        <button
          type="button"
          onClick={() => setLots(stepLots(lots, product.lotStep, -1))}
          aria-label={t('orders.fewer')}
          data-testid="lots-minus"
        >
          −
        </button>
        <input
          inputMode="decimal"
          value={lots}
          onChange={(e) => setLots(e.target.value.trim())}
          {...problemAria(field, 'lots', 'lots-problem')}
          data-testid="lots"
        />
        <button
          type="button"
          onClick={() => setLots(stepLots(lots, product.lotStep, 1))}
          aria-label={t('orders.more')}
          data-testid="lots-plus"
        >
          +
        </button>
      </span>
      <small id="lots-problem" className={styles.fieldProblem} data-testid={problem ? 'problem-lots' : undefined}>
        {problem}
      </small>
    </label>
  );
}

/** The test id of the stops' problem line: which level it is about (none while both are fine). */
const stopsProblemId = (field: TicketField | null) =>
  field === 'stopLoss' || field === 'combined' ? 'problem-sl' : field === 'takeProfit' ? 'problem-tp' : undefined;

/** The optional stop-loss (or trailing distance) and take-profit, with one problem line under both. */
export function StopsFields({ form, field, problem }: { form: TicketForm; field: TicketField | null; problem: string | null }) {
  const { t } = useTranslation();
  const { trailing } = form;
  return (
    <div className={styles.stops}>
      <label className={styles.field}>
        <span>
          {t(trailing ? 'orders.trailingDistance' : 'orders.stopLoss')}{' '}
          <small className={styles.hint}>{t('orders.optional')}</small>
        </span>
        <input
          inputMode="decimal"
          value={form.stopLoss}
          onChange={(e) => form.setStopLoss(e.target.value.trim())}
          placeholder="—"
          {...problemAria(field, field === 'combined' ? 'combined' : 'stopLoss', 'stops-problem')}
          data-testid="stop-loss"
        />
      </label>
      <label className={styles.field}>
        <span>
          {t('orders.takeProfit')} <small className={styles.hint}>{t('orders.optional')}</small>
        </span>
        <input
          inputMode="decimal"
          value={form.takeProfit}
          onChange={(e) => form.setTakeProfit(e.target.value.trim())}
          placeholder="—"
          {...problemAria(field, 'takeProfit', 'stops-problem')}
          data-testid="take-profit"
        />
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={trailing} onChange={(e) => form.setTrailing(e.target.checked)} data-testid="trailing" />
        <span>{t('orders.trailing')}</span>
      </label>
      {/* one line under both levels, its room kept while empty: a problem does not move the figures */}
      <small id="stops-problem" className={styles.stopsProblem} data-testid={stopsProblemId(field)} aria-live="polite">
        {problem}
      </small>
    </div>
  );
}

/** The order's figures at the price it would open at; '—' for those a broken rule would make wrong. */
export function TicketFigures({ order, withTakeProfit }: { order: OrderDraft; withTakeProfit: boolean }) {
  const { t } = useTranslation();
  const { price, position, figures, loggedIn, available } = order;
  return (
    <dl className={styles.figures} data-testid="ticket-figures">
      <Figure label={t('orders.price')} value={price} testId="fig-price" />
      <Figure label={t('orders.notional')} value={position && money(position.notional)} unit="USDT" testId="fig-notional" />
      <Figure label={t('orders.margin')} value={position && money(position.margin)} unit="USDT" testId="fig-margin" />
      <Figure label={t('orders.fee')} value={position && money(position.fee)} unit="USDT" testId="fig-fee" />
      <Figure
        label={withTakeProfit ? t('orders.expectedAtTp') : t('orders.expectedAt1')}
        value={figures && signed(figures.expectedReturn)}
        unit="USDT"
        tone={figures ? toneOf(figures.expectedReturn) : undefined}
        testId="fig-expected"
      />
      <Figure
        label={t('orders.maxLoss')}
        value={figures && signed(figures.maxLoss)}
        unit="USDT"
        tone={figures ? toneOf(figures.maxLoss) : undefined}
        testId="fig-maxloss"
      />
      <Figure label={t('orders.stopOut')} value={position?.stopOutPrice ?? null} testId="fig-stopout" />
      {loggedIn && (
        <Figure label={t('orders.available')} value={available ? money(available) : null} unit="USDT" testId="fig-available" />
      )}
    </dl>
  );
}

/** The book the order goes to and the review button (or "retry" after a failure without an answer). */
export function ReviewButton({
  order,
  direction,
  retrying,
  disabled,
}: {
  order: OrderDraft;
  direction: Direction;
  retrying: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className={styles.bookLine}>
        <BookBadge book={order.book} /> {t(order.book === 'demo' ? 'orders.bookDemoHint' : 'orders.bookRealHint')}
      </p>
      <button type="submit" className={styles.submit} data-dir={direction} disabled={disabled} data-testid="review">
        {retrying ? t('common.retry') : t(direction === 'up' ? 'orders.reviewUp' : 'orders.reviewDown')}
      </button>
    </>
  );
}

/** The order opened: its number and price, a link to it, and a fresh ticket. */
export function TicketDone({
  result,
  onAgain,
}: {
  result: { id: string; orderNo: string | number; openPrice: string };
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.opened} role="status" data-testid="ticket-done">
      <p>{t('orders.openedText', { orderNo: result.orderNo, price: result.openPrice })}</p>
      <div className={styles.actions}>
        <Link href={`/profile/orders/${result.id}`} className={styles.secondaryButton}>
          {t('orders.viewOrder')}
        </Link>
        <button type="button" className={styles.primaryButton} onClick={onAgain} data-testid="ticket-again">
          {t('orders.newOrder')}
        </button>
      </div>
    </div>
  );
}
