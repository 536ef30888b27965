// The predefined enumerations of the Modelica language (Modelica 3.6 section 4.9.5); Real,
// Integer, Boolean and String are known to host/model without a declaration.
type StateSelect = enumeration(
  never "Do not use as state at all",
  avoid "Use as state, if it cannot be avoided (but only if variable appears differentiated and no other potential state with attribute default, prefer, or always can be selected)",
  default "Use as state if appropriate, but only if variable appears differentiated",
  prefer "Prefer it as state over those having the default value (also variables can be selected, which do not appear differentiated)",
  always "Do use it as a state")
  "The stateSelect attribute of Real variables";

type AssertionLevel = enumeration(warning, error) "Level of an assert";
