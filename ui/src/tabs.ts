/** The panel's two tabs: the plan, and routing a trip (map clicks add trip stops only while it is open). */
import { byId } from './dom.js';

export type Tab = 'plan' | 'trip';

export function installTabs(onChange: (tab: Tab) => void): void {
  const tabs: Record<Tab, [HTMLElement, HTMLElement]> = {
    plan: [byId('tab-plan'), byId('plan-section')],
    trip: [byId('tab-trip'), byId('trip-section')],
  };
  for (const [name, [button]] of Object.entries(tabs) as [Tab, [HTMLElement, HTMLElement]][]) {
    button.addEventListener('click', () => {
      for (const [other, [otherButton, section]] of Object.entries(tabs)) {
        otherButton.setAttribute('aria-selected', String(other === name));
        section.hidden = other !== name;
      }
      onChange(name);
    });
  }
}
