import { genericWrongType } from '../shapeRules';

export const wrongTypeRule = genericWrongType('tools');

export { wrongTypeDecision as decision } from '../shapeRules';
