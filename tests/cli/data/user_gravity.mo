// A user's own gravity field: World's gravityAcceleration redeclared to a function written with
// arrays (-mu r/|r|^3), acting on a free body on an eccentric orbit (mu = 1, periapsis r = 1,
// speed 1.2 there: e = 0.44, a = 1/0.56), run_user_gravity.sh checks it against Kepler's orbit.
// World's own field is off (NoGravity): every acceleration comes from the user's function.
package UserGravity
  function pointGravity "-mu r/|r|^3, written with an array local, a loop and a dot product"
    extends Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration;
    input Real mu "field constant (m3/s2)";
  protected
    Real e[3] "unit vector along r";
  algorithm
    e := Modelica.Math.Vectors.normalize(r);
    for i in 1:3 loop
      gravity[i] := -mu/(r*r)*e[i];
    end for;
  end pointGravity;

  partial model Satellite
    Modelica.Mechanics.MultiBody.Parts.Body sat(m = 2, r_CM = {0, 0, 0}, I_11 = 0.1,
      I_22 = 0.2, I_33 = 0.3, r_0(start = {1, 0, 0}, each fixed = true),
      v_0(start = {0, 1.2, 0}, each fixed = true), angles_fixed = true,
      w_0_fixed = true);
  end Satellite;

  model Orbit
    extends Satellite;
    parameter Real mu = 1 "the field constant given to the user's function";
    inner Modelica.Mechanics.MultiBody.World world(
      gravityType = Modelica.Mechanics.MultiBody.Types.GravityTypes.NoGravity,
      redeclare function gravityAcceleration = pointGravity(mu = mu));
    annotation(experiment(StopTime = 15, Interval = 0.1));
  end Orbit;

  function whileGravity "a loop whose count depends on the position"
    extends Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration;
  protected
    Real s = 1;
  algorithm
    while s*s < r*r loop
      s := 2*s;
    end while;
    gravity := -r/s^3;
  end whileGravity;

  function planarGravity "two outputs where the World needs three: refused"
    input Real r[3];
    output Real gravity[2];
  algorithm
    gravity := {-r[1], -r[2]};
  end planarGravity;

  model WhileGravity
    extends Satellite;
    inner Modelica.Mechanics.MultiBody.World world(
      redeclare function gravityAcceleration = whileGravity);
  end WhileGravity;

  model SizeRefused
    extends Satellite;
    inner Modelica.Mechanics.MultiBody.World world(
      redeclare function gravityAcceleration = planarGravity);
  end SizeRefused;
end UserGravity;
