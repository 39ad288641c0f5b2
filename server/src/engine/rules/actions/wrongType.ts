import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('actions');

export { wrongTypeDecision as decision } from '../shapeRules';
