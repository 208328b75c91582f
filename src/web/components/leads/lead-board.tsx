import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowRightLeftIcon, GripVerticalIcon } from 'lucide-react';
import { type ComponentProps, memo, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';
import { useSetLeadStatus } from '#web/components/dashboard/dashboard-api.ts';
import { useIsPhone } from '#web/components/dashboard/use-is-phone.ts';
import { ChannelBadge } from '#web/components/messaging/lead-channel.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { cn } from '#web/lib/utils.ts';
import { RatingBadge } from './lead-badges.tsx';
import { type Columns, groupByStatus, keepUnchangedColumns } from './lead-board-columns.ts';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from './lead-status.tsx';
import { LostReasonDialog } from './lost-reason-dialog.tsx';

/** Every card is the same height, so that a column of 2,000 renders only the cards in view. */
const CARD_HEIGHT = 96;
const CARD_GAP = 6;

type Move = (lead: LeadListItemDto, status: LeadStatus) => void;

type LeadBoardProps = {
  companyId: string;
  /** The leads to show (search applied), in the order each column lists them. */
  leads: LeadListItemDto[];
  onOpen: (lead: LeadListItemDto) => void;
};

const nameOf = (lead: LeadListItemDto) => lead.name || 'Unnamed tenant';

/**
 * The pipeline as a board: a column per status with its count. A card moves by dragging it (mouse
 * or touch), by keyboard (focus its handle, Space, the arrows, Space), or through its "Move to"
 * menu. A move shows at once and goes back, with a toast, if the server refuses it; a move to
 * Lost first asks why. On a phone one column shows at a time, chosen above it.
 */
export default function LeadBoard({ companyId, leads, onOpen }: LeadBoardProps) {
  const previousColumns = useRef<Columns | null>(null);
  // A column whose leads did not change keeps its array, so a move re-renders two columns, not seven.
  const columns = useMemo(() => {
    const next = keepUnchangedColumns(previousColumns.current, groupByStatus(leads));
    previousColumns.current = next;
    return next;
  }, [leads]);
  const setStatus = useSetLeadStatus(companyId);
  const [losing, setLosing] = useState<LeadListItemDto | null>(null);
  const [dragged, setDragged] = useState<LeadListItemDto | null>(null);
  // The first column with leads: an empty New column hid the one lead in Viewing booked.
  const [phoneColumn, setPhoneColumn] = useState<LeadStatus>(
    () => LEAD_STATUSES.find((status) => columns[status].length > 0) ?? 'new',
  );
  const isPhone = useIsPhone();

  const move = useCallback<Move>(
    (lead, status) => {
      if (lead.status === status) return;
      if (status === 'lost') setLosing(lead);
      else setStatus.mutate({ leadId: lead.id, status });
    },
    [setStatus.mutate],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A press and hold, so that a finger can still scroll the column.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const leadById = useMemo(() => new Map(leads.map((lead) => [lead.id, lead])), [leads]);
  const handleDragStart = (event: DragStartEvent) =>
    setDragged(leadById.get(String(event.active.id)) ?? null);
  const handleDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const lead = leadById.get(String(event.active.id));
    if (lead && event.over) move(lead, event.over.id as LeadStatus);
  };
  const announcements = useMemo(() => boardAnnouncements(leadById), [leadById]);

  const shownStatuses = isPhone ? [phoneColumn] : LEAD_STATUSES;
  return (
    <div className="grid gap-3">
      {isPhone ? (
        <fieldset className="flex min-w-0 gap-2 overflow-x-auto pb-1">
          <legend className="sr-only">Column to show</legend>
          {LEAD_STATUSES.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === phoneColumn ? 'secondary' : 'outline'}
              aria-pressed={status === phoneColumn}
              className={cn('h-10 shrink-0', status === phoneColumn && 'border border-primary/40')}
              onClick={() => setPhoneColumn(status)}
            >
              {LEAD_STATUS_LABELS[status]}
              <span className="tabular-nums text-muted-foreground">{columns[status].length}</span>
            </Button>
          ))}
        </fieldset>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={pointerThenRect}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <section
          aria-label="Pipeline board"
          className={cn(
            'grid gap-1.5',
            isPhone ? 'grid-cols-1' : 'grid-cols-[repeat(7,minmax(160px,1fr))] overflow-x-auto pb-1',
          )}
        >
          {shownStatuses.map((status) => (
            <BoardColumn key={status} status={status} leads={columns[status]} onOpen={onOpen} onMove={move} />
          ))}
        </section>
        <DragOverlay dropAnimation={null}>
          {dragged ? <CardBody lead={dragged} className="shadow-lg ring-2 ring-ring" /> : null}
        </DragOverlay>
      </DndContext>
      <LostReasonDialog
        open={losing !== null}
        subject={losing ? nameOf(losing) : 'this lead'}
        onCancel={() => setLosing(null)}
        onConfirm={(reason) => {
          if (losing) setStatus.mutate({ leadId: losing.id, status: 'lost', lostReason: reason });
          setLosing(null);
        }}
      />
    </div>
  );
}

const screenReaderInstructions = {
  draggable:
    'To move this lead, press Space or Enter. Then Left and Right choose the column; Space or Enter drops the lead there, Escape puts it back.',
};

/** What a screen reader hears while a lead is moved, in the board's own words. */
function boardAnnouncements(leadById: Map<string, LeadListItemDto>): Announcements {
  const name = (id: string | number) => {
    const lead = leadById.get(String(id));
    return lead ? nameOf(lead) : 'The lead';
  };
  const column = (id: string | number | undefined) => LEAD_STATUS_LABELS[id as LeadStatus] ?? String(id);
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over the ${column(over.id)} column.`
        : `${name(active.id)} is over no column.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped in ${column(over.id)}.` : `${name(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} cancelled; it stays where it was.`,
  };
}

/** The pointer's column when there is a pointer; the card's overlap when moved by keyboard. */
const pointerThenRect: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/** Left and Right jump the dragged card to the next column's middle; other keys do nothing. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects } = context;
  if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined;
  event.preventDefault();
  const centre = collisionRect.left + collisionRect.width / 2;
  const rects = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const target =
    event.code === 'ArrowRight'
      ? rects.find((rect) => rect.left > centre)
      : rects.findLast((rect) => rect.left + rect.width < centre);
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: collisionRect.top };
};

type BoardColumnProps = {
  status: LeadStatus;
  leads: LeadListItemDto[];
  onOpen: (lead: LeadListItemDto) => void;
  onMove: Move;
};

/** One status: its heading and count, and its cards, of which only those in view are rendered. */
const BoardColumn = memo(function BoardColumn({ status, leads, onOpen, onMove }: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT + CARD_GAP,
    overscan: 4,
    getItemKey: (index) => leads[index]?.id ?? index,
  });
  const headingId = `board-column-${status}`;
  const label = LEAD_STATUS_LABELS[status];
  return (
    <div
      ref={setNodeRef}
      data-status={status}
      className={cn(
        'flex min-w-0 flex-col rounded-lg border border-border bg-muted/60',
        isOver && 'border-primary bg-accent',
      )}
    >
      <h3
        id={headingId}
        className="flex min-h-11 items-center justify-between gap-1 px-2.5 pt-1.5 pb-1 text-sm leading-tight font-semibold"
      >
        <span className="line-clamp-2">{label}</span>
        <span className="rounded-full bg-background px-2 py-0.5 text-xs tabular-nums text-muted-foreground">
          {leads.length.toLocaleString('en-GB')}
          <span className="sr-only"> {leads.length === 1 ? 'lead' : 'leads'}</span>
        </span>
      </h3>
      <div ref={scrollRef} className="h-[min(62vh,640px)] overflow-y-auto px-1.5 pb-1.5">
        {leads.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-3 text-center text-xs text-muted-foreground">
            No leads
          </p>
        ) : (
          <ul aria-labelledby={headingId} className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => (
              <li
                key={item.key}
                aria-setsize={leads.length}
                aria-posinset={item.index + 1}
                className="absolute inset-x-0 top-0"
                style={{ height: CARD_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <BoardCard lead={leads[item.index]} onOpen={onOpen} onMove={onMove} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});

type BoardCardProps = { lead: LeadListItemDto; onOpen: (lead: LeadListItemDto) => void; onMove: Move };

/** A lead on the board: dragged by its body, picked up by keyboard from its handle. */
const BoardCard = memo(function BoardCard({ lead, onOpen, onMove }: BoardCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead.id,
  });
  const name = nameOf(lead);
  return (
    <CardBody
      ref={setNodeRef}
      lead={lead}
      className={cn(isDragging && 'opacity-40')}
      {...listeners}
      handle={
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={`Move ${name}`}
          // 24 px in the card's fixed height; the touch area around it reaches 40 px, as the menu's does.
          className="relative -ml-1 flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground outline-none after:absolute after:-inset-2 after:content-[''] hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
        >
          <GripVerticalIcon className="size-4" aria-hidden="true" />
        </button>
      }
      title={
        <button
          type="button"
          onClick={() => onOpen(lead)}
          className="min-w-0 truncate rounded text-left font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          title={name}
        >
          {name}
        </button>
      }
      menu={<MoveToMenu lead={lead} onMove={onMove} />}
    />
  );
});

type CardBodyProps = Omit<ComponentProps<'div'>, 'title'> & {
  lead: LeadListItemDto;
  handle?: ReactNode;
  title?: ReactNode;
  menu?: ReactNode;
};

/**
 * What a card shows: name, channel, score, property and move-in (the drag overlay shows the same).
 * The menu sits by the name, so that the score and a whole move-in date share the last line.
 */
function CardBody({ lead, handle, title, menu, className, ...props }: CardBodyProps) {
  return (
    <div
      {...props}
      className={cn(
        'grid h-full content-start gap-1 rounded-md border border-border bg-background px-1.5 py-2 text-sm shadow-xs select-none',
        className,
      )}
    >
      <div className="flex min-w-0 items-center gap-1">
        {handle}
        {title ?? <span className="min-w-0 truncate font-medium">{nameOf(lead)}</span>}
        <ChannelBadge channel={lead.channel} compact />
        <span className="ml-auto flex shrink-0 items-center">{menu}</span>
      </div>
      <p className="truncate text-xs text-muted-foreground" title={lead.propertyName || 'any property'}>
        {lead.propertyName || 'any property'}
      </p>
      <div className="flex min-w-0 items-center gap-1 text-xs">
        <RatingBadge rating={lead.rating} />
        {lead.status === 'lost' && lead.lostReason ? (
          <span className="truncate text-muted-foreground" title={`Lost: ${lead.lostReason}`}>
            {lead.lostReason}
          </span>
        ) : (
          <span className="truncate text-muted-foreground" title="Move-in date">
            <span className="sr-only">Move in </span>
            {lead.moveInDate || '-'}
          </span>
        )}
      </div>
    </div>
  );
}

/** The way to move a card without dragging: a phone, a keyboard, a screen reader. */
function MoveToMenu({ lead, onMove }: { lead: LeadListItemDto; onMove: Move }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          // 24 px in the card's fixed height; the touch area around it reaches 40 px.
          className="relative size-6 after:absolute after:-inset-2 after:content-['']"
          aria-label={`Move ${nameOf(lead)} to…`}
        >
          <ArrowRightLeftIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel>Move to</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {LEAD_STATUSES.filter((status) => status !== lead.status).map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onMove(lead, status)}>
            {LEAD_STATUS_LABELS[status]}
            {status === 'lost' ? '…' : ''}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
