/** The late-fees section for the Collections settings page, and the invoice's waive action. */
export { LateFeeRulesSection } from './late-fee-rules-section';
export { WaiveLateFeeAction } from './waive-late-fee-action';
