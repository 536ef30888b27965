package G
  import Modelica.Units.{SI, NonSI};
  function f "an algorithm with every statement"
    input Integer n;
    input Real u[:] = {1, 2};
    output Real y;
    output Real z = 0;
  protected
    Integer i;
  algorithm
    y := sum(u[k]*k for k in 1:size(u, 1));
    for k in 1:n loop
      if k > 2 then
        break;
      elseif k < 0 then
        return;
      else
        y := y + k;
      end if;
    end for;
    while i < n loop
      i := i + 1;
    end while;
    (y, z) := g(y);
    assert(y > 0, "y must be positive", AssertionLevel.warning);
  end f;
  function g
    input Real x;
    output Real a;
    output Real b;
  external "C" a = gc(x, b) annotation(Library = "g");
  end g;
  model M
    replaceable model Part = Base constrainedby Base(k = 1) "the part";
    parameter Integer n = 3;
    Real x[n](each start = 0);
    Real s;
    stream Real h;
  equation
    for i in 1:n loop
      der(x[i]) = -x[i] + i;
    end for;
    if n > 2 then
      s = x[1];
    elseif n > 1 then
      s = x[2];
    else
      s = 0;
    end if;
    when s > 1 then
      reinit(x[1], 0);
    elsewhen initial() then
      terminate("never");
    end when;
    assert(s < 10, "s too large");
    (h, ) = g(s);
  initial algorithm
    s := 0;
  end M;
  model Base
    parameter Real k = 2;
  end Base;
  model Use
    extends M(redeclare model Part = Base(k = 3));
    M m(redeclare replaceable Base b constrainedby Base);
    expandable connector Bus end Bus;
    operator record C
      Real re;
      encapsulated operator function '+'
        input C a;
        input C b;
        output C c;
      algorithm
        c := a;
      end '+';
    end C;
    model extends Base(k = 4)
    end Base;
    function df = der(f, u);
    type E = enumeration(:);
  end Use;
end G;
