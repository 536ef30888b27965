within;
model rolling_disc
  "A disc (radius r, mass m, inertias Ia about its axis and Id across it) rolling without slip in a steady circle: its centre at radius rho, leaning by th towards the circle's centre, turning at Om about the vertical through the origin"
  parameter Real th = 0.3 "Lean from the vertical (rad)";
  parameter Real rho = 1.5 "Radius of the centre's circle (m)";
  parameter Real r = 0.3;
  parameter Real m = 2;
  parameter Real Ia = 0.09;
  parameter Real Id = 0.045;
  parameter Real g = 9.80665;
  // the moment balance about the centre of the steady motion (Euler's equations, contact force
  // m g e_z + m Om^2 rho towards the axis) and the rolling condition (spin s relative to the
  // turning frame)
  parameter Real Om = sqrt(m*g*r*sin(th)/(cos(th)*(Ia*rho/r + Id*sin(th) + m*r*rho)));
  parameter Real s = Om*(sin(th) + rho/r);
  inner Modelica.Mechanics.MultiBody.World world(n={0,0,-1});
  // angles {3,2,1} = {0,0,th} lean the wheel towards -y; its angular velocity Om e_z - s e_axis
  // is {0, -s cos(th), Om - s sin(th)} = {der_angles[3], der_angles[2], der_angles[1]} there
  Modelica.Mechanics.MultiBody.Parts.RollingWheel wheel(radius=r, m=m, I_axis=Ia, I_long=Id,
    x(start=0), y(start=rho), angles(start={0,0,th}),
    der_angles(start={Om - s*sin(th), -s*cos(th), 0}));
end rolling_disc;
