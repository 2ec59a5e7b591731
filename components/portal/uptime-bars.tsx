"use client";

import { Popover } from "radix-ui";
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import type { UptimeDay } from "@/lib/domain/status/uptime";
import { formatDate } from "@/lib/platform/text/format-date";
import { directionOf, isPortalLocale } from "@/lib/platform/i18n/locales";
import { DAY_STATE_COLORS } from "./status-visuals";

// 90 daily bars for one component, with the day's details in a Radix popover that behaves like a
// tooltip for every pointer: it opens on hover, on keyboard focus (arrow keys move between days,
// the row is one tab stop) and on tap, and closes on Escape, on leaving, or on a tap elsewhere.
// Focus never moves into it, so the arrows keep working; each bar is described by it while open.
// Phones show the last 30 days (90 bars would be under 3 px each); the uptime is still 90 days'.
// Days before the component existed are grey "No data" segments, not part of the uptime, and the
// uptime says since when it counts, so a new component's one bad hour is not read as 90 days'.

const NARROW_DAYS = 30;
const DAY_MS = 86_400_000;

/** The UTC days before `first` (YYYY-MM-DD), oldest first, `count` of them. */
function daysBefore(first: string | undefined, count: number): (string | null)[] {
  const start = first ? Date.parse(`${first}T00:00:00Z`) : NaN;
  return Array.from({ length: count }, (_, index) => (Number.isNaN(start) ? null : new Date(start - (count - index) * DAY_MS).toISOString().slice(0, 10)));
}

type StatusMessages = ReturnType<typeof useTranslations<"Status">>;

function minutes(t: StatusMessages, total: number): string {
  if (total < 60) return t("minutes", { minutes: total });
  const rest = total % 60;
  return rest ? t("hoursMinutes", { hours: Math.floor(total / 60), minutes: rest }) : t("hours", { hours: Math.floor(total / 60) });
}

function dayLabel(t: StatusMessages, locale: string, day: UptimeDay): string {
  const parts = [`${formatDate(`${day.date}T00:00:00Z`, "utc", locale)}: ${t(`component.${day.state}`)}`];
  if (day.incidents.length) parts.push(t("dayIncidents", { count: day.incidents.length }));
  if (day.maintenances.length) parts.push(t("dayMaintenances", { count: day.maintenances.length }));
  return parts.join(", ");
}

export function UptimeBars({ componentName, days, percent, totalDays }: { componentName: string; days: UptimeDay[]; percent: number | null; totalDays: number }) {
  const t = useTranslations("Status");
  const locale = useLocale();
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(days.length - 1);
  const anchor = useRef<HTMLElement | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const lastPointer = useRef<string>("mouse");
  const contentId = useId();
  const empty = Math.max(0, totalDays - days.length);
  const before = daysBefore(days[0]?.date, empty);
  // Slots 0..empty-1 are days without data; `active` is a slot, so both kinds show the popover.
  const since = empty > 0 && days[0] ? formatDate(`${days[0].date}T00:00:00Z`, "utc", locale) : null;

  function open(index: number, element: HTMLElement) {
    anchor.current = element;
    setActive(index);
  }

  function visibleBars(): HTMLButtonElement[] {
    return [...(group.current?.querySelectorAll<HTMLButtonElement>("button[data-day]") ?? [])].filter((bar) => bar.offsetParent !== null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    const bars = visibleBars();
    const at = bars.indexOf(event.currentTarget);
    const target = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: bars.length - 1 }[event.key];
    if (target === undefined || at < 0) return;
    event.preventDefault();
    bars[Math.max(0, Math.min(bars.length - 1, target))]?.focus();
  }

  const insideGroup = (target: EventTarget | null) => target instanceof Node && Boolean(group.current?.contains(target));
  const shown = active === null ? null : active < empty ? { noData: before[active] ?? null } : days[active - empty];

  return (
    <div>
      <Popover.Root open={shown !== undefined && shown !== null} onOpenChange={(isOpen) => (isOpen ? null : setActive(null))}>
        <Popover.Anchor virtualRef={anchor as React.RefObject<HTMLElement>} />
        <div
          ref={group}
          role="group"
          aria-label={t("uptimeGroup", { name: componentName, days: totalDays })}
          className="flex h-8 items-stretch gap-[2px]"
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") setActive(null);
          }}
          data-testid="uptime-bars"
        >
          {since ? <span className="sr-only">{t("noDataBefore", { date: since })}</span> : null}
          {before.map((date, index) => (
            <span
              key={`no-data-${index}`}
              aria-hidden="true"
              data-no-data={date ?? ""}
              className={`min-w-0 flex-1 rounded-[2px] bg-slate-200 ${index < totalDays - NARROW_DAYS ? "hidden sm:block" : ""}`}
              onPointerEnter={(event) => {
                if (event.pointerType === "mouse") open(index, event.currentTarget);
              }}
              onClick={(event) => open(index, event.currentTarget)}
            />
          ))}
          {days.map((day, index) => {
            const slot = empty + index;
            return (
              <button
                key={day.date}
                type="button"
                data-day={day.date}
                data-state={day.state}
                tabIndex={index === focusIndex ? 0 : -1}
                aria-label={dayLabel(t, locale, day)}
                aria-describedby={active === slot ? contentId : undefined}
                className={`min-w-0 flex-1 rounded-[2px] outline-offset-2 hover:opacity-80 focus-visible:outline-2 focus-visible:outline-indigo-600 ${DAY_STATE_COLORS[day.state]} ${
                  slot < totalDays - NARROW_DAYS ? "hidden sm:block" : ""
                }`}
                onPointerDown={(event) => {
                  lastPointer.current = event.pointerType;
                }}
                onPointerEnter={(event) => {
                  if (event.pointerType === "mouse") open(slot, event.currentTarget);
                }}
                onFocus={(event) => {
                  setFocusIndex(index);
                  // A tap focuses before it clicks; the click decides for touch.
                  if (lastPointer.current !== "touch") open(slot, event.currentTarget);
                }}
                onBlur={() => {
                  lastPointer.current = "mouse";
                }}
                onClick={(event) => {
                  if (lastPointer.current === "touch" && active === slot) setActive(null);
                  else open(slot, event.currentTarget);
                }}
                onKeyDown={onKeyDown}
              />
            );
          })}
        </div>
        <Popover.Portal>
          <Popover.Content
            id={contentId}
            role="tooltip"
            side="top"
            sideOffset={6}
            collisionPadding={8}
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onFocusOutside={(event) => {
              if (insideGroup(event.target)) event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              if (insideGroup(event.target)) event.preventDefault();
            }}
            className="z-50 w-64 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg"
            data-testid="uptime-tooltip"
            // Drawn at the end of the body, outside the portal's element: it says its language itself.
            lang={locale}
            dir={isPortalLocale(locale) ? directionOf(locale) : "ltr"}
          >
            {shown ? "noData" in shown ? <NoDataDetails date={shown.noData} /> : <DayDetails day={shown} /> : null}
            <Popover.Arrow className="fill-white" width={12} height={6} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <div className="mt-1.5 flex items-center justify-between gap-2 text-xs text-slate-500">
        {/* The ends never wrap; the uptime between them may, on a phone, when it says since when. */}
        <span className="shrink-0 whitespace-nowrap">
          <span className="sm:hidden">{t("daysAgo", { days: Math.min(NARROW_DAYS, totalDays) })}</span>
          <span className="hidden sm:inline">{t("daysAgo", { days: totalDays })}</span>
        </span>
        <span className="text-center font-medium text-slate-700" data-testid="uptime-percent">
          {percent === null ? t("noDataYet") : t("uptimePercent", { percent: formatPercent(locale, percent) })}
          {since ? <span> {t("since", { date: since })}</span> : <span className="sr-only"> {t("overLast", { days: totalDays })}</span>}
        </span>
        <span className="shrink-0 whitespace-nowrap">{t("today")}</span>
      </div>
    </div>
  );
}

function NoDataDetails({ date }: { date: string | null }) {
  const t = useTranslations("Status");
  const locale = useLocale();
  return (
    <div className="space-y-1">
      {date ? <p className="font-semibold text-slate-900">{formatDate(`${date}T00:00:00Z`, "utc", locale)}</p> : null}
      <p className="flex items-center gap-2">
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-slate-300" />
        {t("noData")}
      </p>
      <p className="text-xs text-slate-500">{t("noDataDay")}</p>
    </div>
  );
}

function DayDetails({ day }: { day: UptimeDay }) {
  const t = useTranslations("Status");
  const locale = useLocale();
  // The worst state, with how long it lasted when it was an outage; a lesser outage that day after it.
  const lasted = day.state === "major_outage" ? day.majorOutageMinutes : day.state === "partial_outage" ? day.partialOutageMinutes : 0;
  const alsoPartial = day.state === "major_outage" && day.partialOutageMinutes > 0;
  return (
    <div className="space-y-2">
      <p className="font-semibold text-slate-900">{formatDate(`${day.date}T00:00:00Z`, "utc", locale)}</p>
      <p className="flex items-center gap-2">
        <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${DAY_STATE_COLORS[day.state]}`} />
        <span>
          {day.state === "operational" ? t("noDowntime") : t(`component.${day.state}`)}
          {lasted ? <span className="text-slate-500"> · {minutes(t, lasted)}</span> : null}
        </span>
      </p>
      {alsoPartial ? <p className="text-xs text-slate-600">{t("component.partial_outage")} · {minutes(t, day.partialOutageMinutes)}</p> : null}
      {day.incidents.length ? (
        <ul className="space-y-1 border-t border-slate-100 pt-2">
          {day.incidents.map((incident) => (
            <li key={incident.id} className="flex items-start justify-between gap-2">
              <span className="text-slate-900">{incident.title}</span>
              <span className="shrink-0 text-xs text-slate-500">{t(`impact.${incident.impact}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {day.maintenances.length ? (
        <ul className="space-y-1 border-t border-slate-100 pt-2">
          {day.maintenances.map((window) => (
            <li key={window.id} className="text-slate-900">
              <span className="text-xs text-sky-700">{t("maintenance")} · </span>
              {window.title}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A percentage as the reader's language writes it, sign and spacing included: "99.11%" in English,
 * "99,11 %" in German and French. (0-100 in, two decimals out.)
 */
export function formatPercent(locale: string, percent: number): string {
  return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(percent / 100);
}
