// What mbens refuses in the bindings of a model's own variables and in its functions
package BoundErrors
  model Base
    inner Modelica.Mechanics.MultiBody.World world;
    Modelica.Mechanics.MultiBody.Joints.Revolute rev(phi(fixed = true, start = 1), w(fixed = true));
    Modelica.Mechanics.MultiBody.Parts.Body body(m = 1, r_CM = {0.5, 0, 0});
  equation
    connect(world.frame_b, rev.frame_a);
    connect(rev.frame_b, body.frame_a);
  end Base;
  function halve "halves x until it is at most 1: a loop whose count depends on the run"
    input Real x;
    output Real y = x;
  algorithm
    while y > 1 loop y := y/2; end while;
  end halve;
  function noOutput
    input Real x;
    output Real y;
  protected
    Real t;
  algorithm
    t := x;
  end noOutput;
  function earlyReturn
    input Real x;
    output Real y = 0;
  algorithm
    if x > 1e10 then
      return;
    end if;
    y := x;
  end earlyReturn;
  model WhileVaries
    extends Base;
    Real n = halve(rev.w);
  end WhileVaries;
  model Undefined
    extends Base;
    Real y;
    Real z = y + 1;
  end Undefined;
  model Cycle
    extends Base;
    Real a = b + rev.w;
    Real b = a;
  end Cycle;
  model Unassigned
    extends Base;
    Real y = noOutput(rev.w);
  end Unassigned;
  model Length
    extends Base;
    Real v[2] = {rev.w, 2*rev.w, 3*rev.w};
  end Length;
  model Return
    extends Base;
    Real y = earlyReturn(rev.w);
  end Return;
  function nullR "a record output"
    output Modelica.Mechanics.MultiBody.Frames.Orientation R;
  algorithm
    R := Modelica.Mechanics.MultiBody.Frames.Orientation(T = identity(3), w = zeros(3));
  end nullR;
  function twoR "an array of records"
    input Real x;
    output Real y;
  protected
    Modelica.Mechanics.MultiBody.Frames.Orientation R[2];
  algorithm
    y := x;
  end twoR;
  model RecordValue
    extends Base;
    Real y = nullR();
  end RecordValue;
  model RecordArray
    extends Base;
    Real y = twoR(rev.w);
  end RecordArray;
end BoundErrors;
