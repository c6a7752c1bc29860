import { TIMINGS } from '@rentora/shared';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A sidebar that collapses to icons (remembered under `storageKey`) and, while collapsed, expands
 * temporarily on hover (after 90 ms, collapsing 140 ms after the pointer leaves), on keyboard focus
 * and on request (Ctrl/Cmd+K). Labels appear 350 ms after an expansion (spec 01 §2, §9).
 */
export function useCollapsibleSidebar(storageKey: string) {
  const [collapsed, setCollapsed] = useState(() => readFlag(storageKey));
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [forced, setForced] = useState(false);
  const expanded = !collapsed || hovered || focusWithin || forced;
  const [showLabels, setShowLabels] = useState(expanded);
  const enterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!expanded) {
      setShowLabels(false);
      return;
    }
    const timer = setTimeout(() => setShowLabels(true), TIMINGS.sidebarLabelsDelayMs);
    return () => clearTimeout(timer);
  }, [expanded]);

  useEffect(
    () => () => {
      clearTimeout(enterTimer.current);
      clearTimeout(leaveTimer.current);
    },
    [],
  );

  const toggle = useCallback(() => {
    setCollapsed((value) => {
      const next = !value;
      try {
        localStorage.setItem(storageKey, String(next));
      } catch {
        // private mode: the choice just is not remembered
      }
      return next;
    });
    setHovered(false);
    setForced(false);
    setFocusWithin(false);
  }, [storageKey]);

  const onMouseEnter = useCallback(() => {
    clearTimeout(leaveTimer.current);
    if (!collapsed) return;
    enterTimer.current = setTimeout(() => setHovered(true), TIMINGS.sidebarHoverExpandMs);
  }, [collapsed]);

  const onMouseLeave = useCallback(() => {
    clearTimeout(enterTimer.current);
    leaveTimer.current = setTimeout(() => setHovered(false), TIMINGS.sidebarLeaveCollapseMs);
  }, []);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (collapsed && isKeyboardFocus(event.target)) setFocusWithin(true);
    },
    [collapsed],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) {
      setFocusWithin(false);
      setForced(false);
    }
  }, []);

  return {
    collapsed,
    expanded,
    /** Expanded over the content while the remembered choice is collapsed. */
    temporary: collapsed && expanded,
    showLabels: expanded && showLabels,
    toggle,
    expandTemporarily: useCallback(() => setForced(true), []),
    release: useCallback(() => {
      setForced(false);
      setFocusWithin(false);
    }, []),
    handlers: { onMouseEnter, onMouseLeave, onFocus, onBlur },
  };
}
